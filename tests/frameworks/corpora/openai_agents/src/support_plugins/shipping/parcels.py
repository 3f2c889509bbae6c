"""Parcel shapes shared by the shipping plugins."""

from dataclasses import dataclass, field
from typing import Literal

ServiceLevel = Literal["economy", "standard", "express", "same_day"]


@dataclass
class Parcel:
    """A parcel, as weighed and measured at the packing station."""

    weight_kg: float
    length_cm: int
    width_cm: int
    height_cm: int
    fragile: bool = False
    contents: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class PickupWindow:
    """When a courier may come by."""

    day: str
    earliest: str = "09:00"
    latest: str = "17:00"
