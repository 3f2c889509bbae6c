"""llama-index's tools, read as llama-index-core 0.14.25 reads them: the methods a
``BaseToolSpec`` subclass names in ``spec_functions`` (owned by the class), and
``FunctionTool.from_defaults(fn, name=, description=)``; each described as llama-index does,
``name(signature)`` then the docstring."""

from __future__ import annotations

import pytest

from toolgen.errors import Diagnostics
from toolgen.frameworks.llama_index import param_docs, signature_text
from toolgen.scan.gather import gather_text
from toolgen.scan.resolve import Resolver
from toolgen.scan.schema import SchemaMapper

BASE = '''
from typing import List

from llama_index.core.tools.tool_spec.base import BaseToolSpec


class SearchSpec(BaseToolSpec):
    """A base: no spec_functions of its own, so no tools."""

    def search(self, query: str, limit: int = 5) -> List[str]:
        """Search.

        Args:
            query (str): The words.
            limit: Not read by llama-index (no type in parentheses).
        """
'''

SPECS = '''
from typing import Annotated, Any, Dict, List

from llama_index.core.workflow import Context
from pydantic import Field

from pkg.base import SearchSpec

NAMES = ["search", ("fetch", "afetch"), "note"]


class WikiSpec(SearchSpec):
    spec_functions = NAMES

    def fetch(self, ctx: Context, page: str, *, lang: str = "en", **kwargs: Dict[str, Any]) -> str:
        """Fetch a page.

        :param page: The page's title.
        """

    async def afetch(self, ctx: Context, page: str, *, lang: str = "en", **kwargs: Any) -> str:
        """Fetch a page, asynchronously."""

    def note(
        self,
        text: Annotated[str, "What to note."],
        tags: List[str] = Field(description="Tags to file it under."),
    ) -> None:
        """Keep a note.

        @param text not read: the Annotated text comes first
        """


class PaperSpec(SearchSpec):
    spec_functions = ["search"]
'''


def build(build_pkg, specs: str = SPECS, **options):
    files = {"pkg/__init__.py": "", "pkg/base.py": BASE, "pkg/specs.py": specs}
    return build_pkg(files, **options)


def test_spec_functions_name_the_tools_each_spec_owns(build_pkg) -> None:
    built = build(build_pkg)
    assert built.diagnostics == []
    assert built.module["OWNERS"] == {
        "pkg.specs:PaperSpec": "PAPERSPEC",
        "pkg.specs:WikiSpec": "WIKISPEC",
    }
    wiki = {t["name"]: t for t in built.module["WIKISPEC_TOOLS"]}
    assert sorted(wiki) == ["fetch", "note", "search"]  # the pair's sync method names it
    assert [t["name"] for t in built.module["PAPERSPEC_TOOLS"]] == ["search"]
    # The class and method the runtime's Toolbox binds to an instance it is given.
    assert built.module["WIKISPEC_TOOL_FUNCTIONS"] == {
        "fetch": "pkg.specs:WikiSpec.fetch",
        "note": "pkg.specs:WikiSpec.note",
        "search": "pkg.specs:WikiSpec.search",  # inherited: named by the instance's class
    }


def test_the_description_is_the_signature_then_the_docstring(build_pkg) -> None:
    wiki = {t["name"]: t for t in build(build_pkg).module["WIKISPEC_TOOLS"]}
    # self and the workflow Context are left out of both; **kwargs stays in the text only.
    assert wiki["fetch"]["description"] == (
        "fetch(page: str, *, lang: str = 'en', **kwargs: Dict[str, Any]) -> str\n"
        "Fetch a page.\n\n:param page: The page's title."
    )
    assert wiki["fetch"]["parameters"] == {
        "type": "object",
        "properties": {
            "page": {"type": "string", "description": "The page's title."},
            "lang": {"type": "string", "default": "en"},
        },
        "required": ["page"],
    }
    # A Field default is dropped from the text; an Annotated of a builtin keeps 'typing.'.
    assert wiki["note"]["description"].splitlines()[0] == (
        "note(text: typing.Annotated[str, 'What to note.'], tags: List[str]) -> None"
    )


def test_parameter_descriptions_come_from_annotated_field_then_llama_index_docstring_lines(
    build_pkg,
) -> None:
    wiki = {t["name"]: t for t in build(build_pkg).module["WIKISPEC_TOOLS"]}
    note = wiki["note"]["parameters"]["properties"]
    assert note["text"]["description"] == "What to note."
    assert note["tags"]["description"] == "Tags to file it under."
    search = wiki["search"]["parameters"]["properties"]
    assert search["query"]["description"] == "The words."  # ``query (str): ...``
    assert "description" not in search["limit"]  # ``limit: ...`` is not llama-index's pattern


def test_param_docs_first_description_wins_and_unknown_names_are_ignored() -> None:
    doc = ":param a: From Sphinx.\n\n    a (int): From Google.\n    b (str): Bee.\n@param zz nope"
    assert param_docs(doc, {"a", "b"}) == {"a": "From Sphinx.", "b": "Bee."}


def test_function_tool_from_defaults_by_keyword_and_by_position(build_pkg) -> None:
    built = build_pkg(
        {
            "pkg/__init__.py": "",
            "pkg/fns.py": (
                "from typing import Optional\n\nfrom llama_index.core.tools import FunctionTool\n\n"
                "def add(a: int, b: Optional[int] = None) -> int:\n"
                '    """Add.\n\n    Args:\n        a (int): First.\n    """\n\n'
                "def _mul(a: int, b: int) -> int:\n    return a * b\n\n"
                "adder = FunctionTool.from_defaults(add)\n"
                'times = FunctionTool.from_defaults(fn=_mul, name="multiply", '
                'description="Multiply two integers.")\n'
            ),
        }
    )
    tools = {t["name"]: t for t in built.module["TOOLS"]}
    assert tools["add"]["description"] == (
        "add(a: int, b: Optional[int] = None) -> int\nAdd.\n\nArgs:\n    a (int): First."
    )
    assert tools["add"]["parameters"]["properties"]["a"]["description"] == "First."
    assert tools["multiply"]["description"] == "Multiply two integers."


@pytest.mark.parametrize("strict", [False, True])
def test_what_cannot_be_read_statically_is_said(build_pkg, build_errors, strict: bool) -> None:
    specs = (
        "from llama_index.core.tools.tool_spec.base import BaseToolSpec\n\n"
        "def names():\n    return ['a']\n\n"
        "class Built(BaseToolSpec):\n    spec_functions = names()\n\n"
        "class Missing(BaseToolSpec):\n    spec_functions = ['gone', 3, 'ok']\n\n"
        "    def ok(self, when: str = names()) -> str:\n        '''Ok.'''\n"
    )
    said = [
        "pkg/specs.py:6:1: {}: llama-index: tool spec 'Built': its spec_functions cannot be read "
        "without running the code (calls names()); it makes no tools",
        "pkg/specs.py:9:1: {}: llama-index: tool spec 'Missing': spec_functions entry 3 is "
        "neither a method name nor a (sync, async) pair of names (llama-index raises "
        "ValueError); it is left out",
        "pkg/specs.py:9:1: {}: llama-index: tool spec 'Missing': spec_functions names 'gone', "
        "which is not a method toolgen reads (a def in the class or a scanned base); it is left "
        "out",
        "pkg/specs.py:12:5: {}: llama-index: tool 'ok': its description holds the function's "
        "signature as Python prints it, and toolgen cannot print a default as Python would "
        "without running the code; toolgen writes it as the source has it (a default as '...')",
        "pkg/specs.py:12:18: {}: tool 'ok', parameter 'when': the default cannot be read "
        "without running the code (calls names()); no default is emitted",
    ]
    files = {"pkg/__init__.py": "", "pkg/specs.py": specs}
    if strict:
        assert build_errors(files, strict=True) == [s.format("error") for s in said]
    else:
        built = build_pkg(files)
        assert built.diagnostics == [s.format("warning") for s in said]
        (tool,) = built.module["TOOLS"]
        assert tool["description"] == "ok(when: str = ...) -> str\nOk."


PRINTED = [
    ("Optional[int]", "Optional[int]"),
    ("Union[int, str, None]", "Union[int, str, NoneType]"),
    ("Union[str, None]", "Optional[str]"),
    ("List[Item]", "List[m.Item]"),
    ("list[Item]", "list[m.Item]"),
    ("dict[str, Any]", "dict[str, typing.Any]"),
    ("Annotated[str, 'q']", "typing.Annotated[str, 'q']"),
    ("Annotated[List[str], 'q']", "Annotated[List[str], 'q']"),
    ("int | None", "int | None"),
    ("Literal['a', 'b']", "Literal['a', 'b']"),
    ("Tuple[int, ...]", "Tuple[int, ...]"),
    ("datetime.date", "datetime.date"),
]


@pytest.mark.parametrize(("written", "printed"), PRINTED)
def test_annotations_print_as_inspect_signature_prints_them(written: str, printed: str) -> None:
    source = (
        "import datetime\nfrom typing import Annotated, Any, List, Literal, Optional, Tuple, "
        f"Union\n\nclass Item:\n    pass\n\ndef f(x: {written}, /, y=1, *, z: bool = True):\n"
        "    pass\n"
    )
    scan = gather_text(source, "m.py", "m")
    resolver = Resolver([scan])
    text, unknown = signature_text(
        scan.functions[0], set(), resolver, SchemaMapper(resolver, Diagnostics()), "m"
    )
    assert (text, unknown) == (f"(x: {printed}, /, y=1, *, z: bool = True)", [])


def test_an_init_that_sets_spec_functions_is_a_warning(build_pkg) -> None:
    specs = (
        "from llama_index.core.tools.tool_spec.base import BaseToolSpec\n\n"
        "class Files(BaseToolSpec):\n    spec_functions = ['read', 'write']\n\n"
        "    def __init__(self, writable: bool = True) -> None:\n"
        "        if not writable:\n            self.spec_functions = ['read']\n\n"
        "    def read(self, path: str) -> str:\n        '''Read.'''\n\n"
        "    def write(self, path: str, text: str) -> None:\n        '''Write.'''\n"
    )
    built = build_pkg({"pkg/__init__.py": "", "pkg/specs.py": specs})
    assert built.diagnostics == [
        "pkg/specs.py:8:13: warning: llama-index: tool spec 'Files': Files.__init__ sets "
        "self.spec_functions, which toolgen cannot know statically; toolgen emits the tools the "
        "class attribute names"
    ]
    assert [t["name"] for t in built.module["TOOLS"]] == ["read", "write"]


@pytest.mark.parametrize(
    "imported",
    [
        "from llama_index.core.workflow import Context",
        "from llama_index.core.workflow.context import Context",
        "from workflows import Context",
        "from workflows.context import Context",
    ],
)
def test_a_workflow_context_is_left_out_by_every_public_path(build_pkg, imported: str) -> None:
    fns = (
        f"{imported}\nfrom llama_index.core.tools import FunctionTool\n\n"
        "def ask(ctx: Context[dict], question: str) -> str:\n    '''Ask.'''\n\n"
        "asker = FunctionTool.from_defaults(fn=ask)\n"
    )
    (tool,) = build_pkg({"pkg/__init__.py": "", "pkg/fns.py": fns}).module["TOOLS"]
    assert list(tool["parameters"]["properties"]) == ["question"]
    assert tool["description"] == "ask(question: str) -> str\nAsk."


def test_a_schema_given_to_from_defaults_is_a_warning(build_pkg) -> None:
    """``fn_schema=``, ``tool_metadata=`` and ``partial_params=`` replace what llama-index reads
    from the function: toolgen says it emits the signature's schema instead of staying silent."""
    fns = (
        "from llama_index.core.tools import FunctionTool\nfrom pydantic import BaseModel\n\n"
        "class Query(BaseModel):\n    text: str\n\n"
        "def ask(question: str) -> str:\n    '''Ask.'''\n\n"
        "asker = FunctionTool.from_defaults(fn=ask, fn_schema=Query)\n"
    )
    built = build_pkg({"pkg/__init__.py": "", "pkg/fns.py": fns})
    assert built.diagnostics == [
        "pkg/fns.py:10:1: warning: llama-index: tool 'ask': fn_schema= replaces what the "
        "framework reads from the function, which toolgen does not follow; toolgen emits what "
        "it reads from the function's signature and docstring"
    ]


def test_fn_is_read_before_async_fn_whatever_their_order(build_pkg) -> None:
    """``from_defaults(async_fn=aask, fn=ask)`` parses ``fn`` (``fn or async_fn``): checked to
    fail before, when the first of the keywords as written was taken (``aask``)."""
    fns = (
        "from llama_index.core.tools import FunctionTool\n\n"
        "def ask(question: str) -> str:\n    '''Ask.'''\n\n"
        "async def aask(question: str) -> str:\n    '''Ask, asynchronously.'''\n\n"
        "asker = FunctionTool.from_defaults(async_fn=aask, fn=ask)\n"
    )
    (tool,) = build_pkg({"pkg/__init__.py": "", "pkg/fns.py": fns}).module["TOOLS"]
    assert tool["name"] == "ask"
    assert tool["description"] == "ask(question: str) -> str\nAsk."


def test_a_spec_in_a_module_not_importing_llama_index_has_its_methods_read(build_pkg) -> None:
    more = (
        "from pkg.base import SearchSpec\n\n"
        "class Mine(SearchSpec):\n    spec_functions = ['search', 'extra']\n\n"
        "    def extra(self, x: int) -> int:\n        '''Extra.'''\n"
    )
    files = {"pkg/__init__.py": "", "pkg/base.py": BASE, "pkg/more.py": more}
    built = build_pkg(files)
    assert built.diagnostics == []
    assert [t["name"] for t in built.module["TOOLS"]] == ["extra", "search"]


def test_public_methods_are_kept_only_where_a_class_may_name_them() -> None:
    """Keeping every class's public methods would cost class-heavy modules' scans: only a class
    that assigns spec_functions, or a module importing llama_index, keeps them."""
    plain = "class Service:\n    def run(self, x: int) -> int:\n        return x\n"
    assert gather_text(plain, "m.py", "m").classes[0].functions == ()
    named = "class Spec(Base):\n    spec_functions = ['run']\n\n" + plain.split("\n", 1)[1]
    assert [f.name for f in gather_text(named, "m.py", "m").classes[0].functions] == ["run"]
    imported = "from llama_index.core.tools.tool_spec.base import BaseToolSpec\n\n" + plain
    assert [f.name for f in gather_text(imported, "m.py", "m").classes[0].functions] == ["run"]
