"""Re-exports: tools import from the package, not the defining module."""

from .enums import Priority, Status
from .records import Ticket as Ticket

__all__ = ["Priority", "Status", "Ticket"]
