import enum


class Priority(enum.Enum):
    """How urgent a ticket is."""

    LOW = "low"
    HIGH = "high"
    URGENT = enum.auto()


class Status(enum.IntEnum):
    OPEN = 1
    CLOSED = 2
