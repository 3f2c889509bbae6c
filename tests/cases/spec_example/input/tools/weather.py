from typing import Annotated, Literal

from pydantic import Field

from toolgen import Param, tool


@tool
async def get_weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> str:
    """Get the current weather for a city.

    Args:
        city: City name, for example "Paris".
        unit: Temperature unit.
    """


@tool(name="db_search", description="Search the records.")
def search(
    query: Annotated[str, Param(desc="Keywords to look for")],
    limit: Annotated[int, Field(ge=1, le=100)] = 20,
    include_deleted: bool | None = None,
) -> list[dict[str, str]]: ...


def helper(x):
    return x
