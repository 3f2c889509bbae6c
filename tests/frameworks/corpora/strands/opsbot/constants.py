"""Defaults and limits, also quoted in the tools' descriptions."""

SERVICE_NAME = "opsbot"
DEFAULT_REGION = "eu-west-1"
DEFAULT_METRIC = "CPUUtilization"
MAX_LOG_LINES = 500
DEFAULT_LOG_LINES = MAX_LOG_LINES // 5
METRIC_PERIODS = (60, 300, 3600)
DEFAULT_CURRENCY = "USD"
ONCALL_ROTA = "platform-primary"

REGION_HELP = "AWS region, for example " + DEFAULT_REGION + "."
