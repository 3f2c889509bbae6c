from .models import Address as Address, Priority as Priority
