"""Tools of a travel-booking agent."""

from travel_tools.models import Cabin, Passenger, TripLeg

__all__ = ["Cabin", "Passenger", "TripLeg"]
