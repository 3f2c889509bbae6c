"""The root agent: plans the trip, then hands over to the booking agent."""

from google.adk.agents import Agent

from trip_planner.booking.agent import booking_agent
from trip_planner.config import MODEL
from trip_planner.tools import flights, hotels, itinerary, session, weather

root_agent = Agent(
    name="trip_planner",
    model=MODEL,
    description="Plans trips: flights, hotels, weather and a day-by-day itinerary.",
    instruction=(
        "You help the user plan a trip. Use the tools to look things up; never invent "
        "flights, hotels or prices. When the user wants to book, transfer to booking_agent."
    ),
    tools=[
        flights.search_flights,
        flights.get_flight_status,
        flights.list_airports,
        flights.compare_fares,
        hotels.search_hotels,
        hotels.get_hotel_details,
        hotels.save_favorite_hotel,
        hotels.get_hotel_reviews,
        weather.get_forecast,
        weather.get_current_weather,
        weather.get_travel_advisory,
        itinerary.create_itinerary,
        itinerary.add_activity,
        itinerary.get_itinerary,
        itinerary.estimate_budget,
        session.get_current_date,
        session.clear_plan,
        session.rate_answer,
        session.set_home_airport,
    ],
    sub_agents=[booking_agent],
)
