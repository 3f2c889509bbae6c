"""DSPy's tools, read as dspy 3.4.1 reads them: ``dspy.Tool(fn, name=, desc=, arg_desc=)`` and the
functions a ``dspy.ReAct(signature, tools=[...])`` wraps in ``Tool(f)``, owned by the ReAct."""

from __future__ import annotations

IMPL = '''
from typing import Annotated, Optional

from pydantic import Field


def refund(order_id: str, amount: Optional[float] = None) -> bool:
    """Refund an order.

    Args:
        order_id: The order.
    """


def lookup(term: Annotated[str, Field(description="Not read: get_type_hints drops it.")]) -> str:
    """Look a term up."""
'''

TEXTS = """
DESC = "Refund an order, wholly or in part."
ARGS = {"order_id": "The order to refund.", "amount": "How much; all when missing."}
"""


def build(build_pkg, agents: str, **options):
    files = {"pkg/__init__.py": "", "pkg/impl.py": IMPL, "pkg/texts.py": TEXTS}
    return build_pkg({**files, "pkg/agents.py": agents}, **options)


def test_tool_call_takes_desc_and_arg_desc_and_no_docstring_args(build_pkg) -> None:
    built = build(
        build_pkg,
        "import dspy\nfrom pkg.impl import refund\n\n"
        'refund_tool = dspy.Tool(refund, name="give_back", arg_desc={"order_id": "Which order."})\n',
    )
    (tool,) = built.module["TOOLS"]
    assert tool["name"] == "give_back"
    # The whole docstring is the description; its Args describe nothing (DSPy reads none).
    assert tool["description"] == "Refund an order.\n\nArgs:\n    order_id: The order."
    assert tool["parameters"]["properties"] == {
        "order_id": {"type": "string", "description": "Which order."},
        "amount": {"type": "number"},
    }
    assert built.module["TOOL_FUNCTIONS"] == {"give_back": "pkg.impl:refund"}


def test_tool_call_arguments_are_read_in_the_calls_module(build_pkg) -> None:
    """The call's constants are the call's module's, not the function's (checked to fail
    before: desc and arg_desc were looked up in pkg.impl, a warning each, and lost)."""
    built = build(
        build_pkg,
        "from dspy import Tool\nfrom pkg.impl import refund\nfrom pkg.texts import ARGS, DESC\n\n"
        "refund_tool = Tool(refund, desc=DESC, arg_desc=ARGS)\n",
    )
    assert built.diagnostics == []
    (tool,) = built.module["TOOLS"]
    assert tool["description"] == "Refund an order, wholly or in part."
    properties = tool["parameters"]["properties"]
    assert properties["order_id"]["description"] == "The order to refund."
    assert properties["amount"]["description"] == "How much; all when missing."


def test_react_owns_the_functions_and_tools_it_lists(build_pkg) -> None:
    built = build(
        build_pkg,
        "import dspy\nfrom pkg import impl\n\n"
        'refund_tool = dspy.Tool(impl.refund, desc="Refund.")\n'
        'orders = dspy.ReAct("question -> answer", tools=[refund_tool, impl.lookup])\n'
        'help_desk = dspy.ReAct("question -> answer", [impl.lookup])\n',
    )
    assert built.module["OWNERS"] == {
        "pkg.agents:help_desk": "HELP_DESK",
        "pkg.agents:orders": "ORDERS",
    }
    orders = {t["name"]: t for t in built.module["ORDERS_TOOLS"]}
    assert sorted(orders) == ["lookup", "refund"]
    assert orders["refund"]["description"] == "Refund."
    # ``Annotated[str, Field(...)]``: DSPy's get_type_hints drops the metadata, so no description.
    assert orders["lookup"]["parameters"]["properties"] == {"term": {"type": "string"}}
    assert [t["name"] for t in built.module["HELP_DESK_TOOLS"]] == ["lookup"]  # by position


def test_a_react_tools_list_built_at_run_time_is_a_warning(build_pkg) -> None:
    built = build(
        build_pkg,
        "import dspy\nfrom pkg.impl import lookup\n\nTOOLS = [lookup]\n"
        'agent = dspy.ReAct("q -> a", tools=list(TOOLS))\n',
    )
    assert built.diagnostics == [
        "warning: no tools found in .; the generated constants are empty",
        "pkg/agents.py:5:1: warning: dspy: the tools of 'agent' are not a list written here "
        "(built at run time); toolgen takes none of them for it",
    ]


def test_args_given_to_a_tool_are_a_warning(build_pkg) -> None:
    built = build(
        build_pkg,
        "import dspy\nfrom pkg.impl import refund\n\n"
        'refund_tool = dspy.Tool(refund, args={"order_id": {"type": "integer"}})\n',
    )
    assert built.diagnostics == [
        "pkg/agents.py:4:1: warning: dspy: tool 'refund': args= replaces what the framework "
        "reads from the function, which toolgen does not follow; toolgen emits what it reads "
        "from the function's signature and docstring"
    ]


def test_a_react_made_in_a_module_s_init_is_a_warning_at_it(build_pkg) -> None:
    """``self.react = dspy.ReAct(sig, tools=[...])`` in a ``dspy.Module``'s ``__init__`` (DSPy's
    common shape): toolgen reads no tools list inside a function, and says so where it is."""
    agents = (
        "import dspy\nfrom dspy import ReAct\nfrom pkg.impl import lookup, refund\n\n\n"
        "class Support(dspy.Module):\n"
        "    def __init__(self):\n"
        '        self.react = dspy.ReAct("question -> answer", tools=[refund, lookup])\n'
        '        self.other = ReAct("question -> answer", tools=[lookup])\n\n'
        "    def forward(self, question):\n"
        "        return self.react(question=question)\n"
    )
    built = build(build_pkg, agents)
    said = "is made inside a function, whose tools toolgen does not read"
    assert [d.split(": warning: ")[0] for d in built.diagnostics if said in d] == [
        "pkg/agents.py:8:22",
        "pkg/agents.py:9:22",
    ]
    assert built.module["TOOLS"] == []
