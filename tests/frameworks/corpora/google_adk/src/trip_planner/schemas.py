"""Types the tools take, shared with the front end."""

from enum import Enum
from typing import Literal, Optional

from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict


class CabinClass(str, Enum):
    ECONOMY = "economy"
    PREMIUM_ECONOMY = "premium_economy"
    BUSINESS = "business"
    FIRST = "first"


class Amenity(str, Enum):
    WIFI = "wifi"
    POOL = "pool"
    PARKING = "parking"
    GYM = "gym"
    BREAKFAST = "breakfast"


class RoomType(Enum):
    SINGLE = "single"
    DOUBLE = "double"
    SUITE = "suite"


Units = Literal["metric", "imperial"]
SeatPreference = Literal["window", "aisle", "middle"]


class Location(BaseModel):
    """A point on the map."""

    latitude: float = Field(ge=-90, le=90, description="Degrees north.")
    longitude: float = Field(ge=-180, le=180, description="Degrees east.")
    label: Optional[str] = Field(default=None, description="A name for the place.")


class Activity(BaseModel):
    """Something to do on a day of the trip."""

    title: str = Field(description="What it is, for example 'Louvre, Denon wing'.")
    start_time: Optional[str] = Field(default=None, description="Local time, HH:MM.")
    duration_minutes: int = Field(default=60, gt=0)
    booked: bool = False


class Stop(TypedDict):
    """One place the trip stays at."""

    city: str
    nights: int
    notes: NotRequired[str]


class Passenger(BaseModel):
    first_name: str
    last_name: str
    date_of_birth: str = Field(description="YYYY-MM-DD.")
    frequent_flyer_number: Optional[str] = None
