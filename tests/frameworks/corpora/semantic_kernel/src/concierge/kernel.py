"""The concierge's kernel: which plugins it adds, under which names."""

from semantic_kernel import Kernel

from concierge.constants import FLIGHTS, HOTELS
from concierge.plugins.flights import FlightsPlugin
from concierge.plugins.hotels import HotelsPlugin
from concierge.plugins.local import CurrencyPlugin, DocsPlugin, TextPlugin, WeatherPlugin
from concierge.tips import split_bill, tip


def make_docs() -> DocsPlugin:
    return DocsPlugin(index="travel-docs")


def build_kernel(with_hotels: bool = True) -> Kernel:
    kernel = Kernel()
    kernel.add_plugin(FlightsPlugin(), plugin_name=FLIGHTS)
    if with_hotels:
        kernel.add_plugin(HotelsPlugin(api_key="demo"), plugin_name=HOTELS)
    kernel.add_plugin(plugin=WeatherPlugin(), plugin_name="weather")
    kernel.add_plugin(CurrencyPlugin(), "fx")
    kernel.add_plugin(TextPlugin(), plugin_name="text")
    kernel.add_plugin(make_docs(), plugin_name="docs")
    kernel.add_function("money", tip)
    kernel.add_function(plugin_name="money", function=split_bill)
    return kernel
