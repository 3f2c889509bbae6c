"""Support desk: the tools of the shop's customer-support agent.

The agent itself is built in :mod:`support_desk.agent`; the tools live in
:mod:`support_desk.tools` and in the ``support_plugins`` namespace package, which
carrier integrations extend without touching this package.
"""

__version__ = "0.3.0"
