"""Acme CRM agent: LangChain tools over the CRM's REST API.

``acme`` is a namespace package shared with other Acme distributions; this one ships
``acme.crm`` and ``acme.reporting``.
"""

__version__ = "0.4.1"
