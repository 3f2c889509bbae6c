"""Cloud regions the platform runs in."""

from typing import Literal

Region = Literal["eu-west-1", "eu-central-1", "us-east-1"]
DEFAULT_REGION: Region = "eu-west-1"
