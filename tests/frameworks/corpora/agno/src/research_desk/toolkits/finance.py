"""Market data: models and literals from another module, lists and mappings, a flag that is off by
default, and a registration on a module constant."""

from typing import Any, Dict, List, Optional

from agno.tools import Toolkit

from research_desk.constants import ENABLE_ARCHIVE
from research_desk.models import DateRange, Interval


class MarketTools(Toolkit):
    """Quotes and history.

    Args:
        enable_history (bool): Enable the price history tool.
        enable_screener (bool): Enable the stock screener (off by default).
    """

    def __init__(self, enable_history: bool = True, enable_screener: bool = False, **kwargs: Any):
        tools: List[Any] = [self.get_quote, self.compare_tickers]
        if enable_history:
            tools.extend([self.price_history, self.dividends])
        if enable_screener:
            tools += [self.screen_stocks]
        if ENABLE_ARCHIVE:
            tools.append(self.archived_filings)
        super().__init__(name="market", tools=tools, **kwargs)

    def get_quote(self, symbol: str, currency: Optional[str] = None) -> str:
        """Use this function to get the current price of a stock.

        Args:
            symbol (str): The ticker symbol, e.g. AAPL.
            currency (str, optional): Convert the price to this currency.
        """
        return symbol

    def compare_tickers(self, symbols: List[str], metrics: Dict[str, bool]) -> str:
        """Compare several tickers on the chosen metrics.

        Args:
            symbols: Ticker symbols to compare.
            metrics: Which metrics to include, by name.
        """
        return ",".join(symbols)

    def price_history(self, symbol: str, period: DateRange, interval: Interval = "1d") -> str:
        """Historical prices of a stock.

        A bar per interval, oldest first.

        Args:
            symbol (str): The ticker symbol.
            period: The dates to cover.
            interval: The bar size.
        """
        return symbol

    def dividends(self, symbol: str, years: int = 5) -> str:
        """Dividends paid over the last years.

        Args:
            symbol: The ticker symbol.
            years: How many years back.
        """
        return symbol

    def screen_stocks(self, sector: str, min_cap: float = 0.0) -> str:
        """Screen stocks by sector and size."""
        return sector

    def archived_filings(self, symbol: str) -> str:
        """Filings older than ten years."""
        return symbol
