from toolgen import tool


@tool
def t000() -> None:
    """Tool 0."""


@tool
def t001() -> None:
    """Tool 1."""


@tool
def t002() -> None:
    """Tool 2."""


@tool
def t003() -> None:
    """Tool 3."""


@tool
def t004() -> None:
    """Tool 4."""


@tool
def t005() -> None:
    """Tool 5."""


@tool
def t006() -> None:
    """Tool 6."""


@tool
def t007() -> None:
    """Tool 7."""


@tool
def t008() -> None:
    """Tool 8."""


@tool
def t009() -> None:
    """Tool 9."""


@tool
def t010() -> None:
    """Tool 10."""


@tool
def t011() -> None:
    """Tool 11."""


@tool
def t012() -> None:
    """Tool 12."""


@tool
def t013() -> None:
    """Tool 13."""


@tool
def t014() -> None:
    """Tool 14."""


@tool
def t015() -> None:
    """Tool 15."""


@tool
def t016() -> None:
    """Tool 16."""


@tool
def t017() -> None:
    """Tool 17."""


@tool
def t018() -> None:
    """Tool 18."""


@tool
def t019() -> None:
    """Tool 19."""


@tool
def t020() -> None:
    """Tool 20."""


@tool
def t021() -> None:
    """Tool 21."""


@tool
def t022() -> None:
    """Tool 22."""


@tool
def t023() -> None:
    """Tool 23."""


@tool
def t024() -> None:
    """Tool 24."""


@tool
def t025() -> None:
    """Tool 25."""


@tool
def t026() -> None:
    """Tool 26."""


@tool
def t027() -> None:
    """Tool 27."""


@tool
def t028() -> None:
    """Tool 28."""


@tool
def t029() -> None:
    """Tool 29."""


@tool
def t030() -> None:
    """Tool 30."""


@tool
def t031() -> None:
    """Tool 31."""


@tool
def t032() -> None:
    """Tool 32."""


@tool
def t033() -> None:
    """Tool 33."""


@tool
def t034() -> None:
    """Tool 34."""


@tool
def t035() -> None:
    """Tool 35."""


@tool
def t036() -> None:
    """Tool 36."""


@tool
def t037() -> None:
    """Tool 37."""


@tool
def t038() -> None:
    """Tool 38."""


@tool
def t039() -> None:
    """Tool 39."""


@tool
def t040() -> None:
    """Tool 40."""


@tool
def t041() -> None:
    """Tool 41."""


@tool
def t042() -> None:
    """Tool 42."""


@tool
def t043() -> None:
    """Tool 43."""


@tool
def t044() -> None:
    """Tool 44."""


@tool
def t045() -> None:
    """Tool 45."""


@tool
def t046() -> None:
    """Tool 46."""


@tool
def t047() -> None:
    """Tool 47."""


@tool
def t048() -> None:
    """Tool 48."""


@tool
def t049() -> None:
    """Tool 49."""


@tool
def t050() -> None:
    """Tool 50."""


@tool
def t051() -> None:
    """Tool 51."""


@tool
def t052() -> None:
    """Tool 52."""


@tool
def t053() -> None:
    """Tool 53."""


@tool
def t054() -> None:
    """Tool 54."""


@tool
def t055() -> None:
    """Tool 55."""


@tool
def t056() -> None:
    """Tool 56."""


@tool
def t057() -> None:
    """Tool 57."""


@tool
def t058() -> None:
    """Tool 58."""


@tool
def t059() -> None:
    """Tool 59."""


@tool
def t060() -> None:
    """Tool 60."""


@tool
def t061() -> None:
    """Tool 61."""


@tool
def t062() -> None:
    """Tool 62."""


@tool
def t063() -> None:
    """Tool 63."""


@tool
def t064() -> None:
    """Tool 64."""


@tool
def t065() -> None:
    """Tool 65."""


@tool
def t066() -> None:
    """Tool 66."""


@tool
def t067() -> None:
    """Tool 67."""


@tool
def t068() -> None:
    """Tool 68."""


@tool
def t069() -> None:
    """Tool 69."""


@tool
def t070() -> None:
    """Tool 70."""


@tool
def t071() -> None:
    """Tool 71."""


@tool
def t072() -> None:
    """Tool 72."""


@tool
def t073() -> None:
    """Tool 73."""


@tool
def t074() -> None:
    """Tool 74."""


@tool
def t075() -> None:
    """Tool 75."""


@tool
def t076() -> None:
    """Tool 76."""


@tool
def t077() -> None:
    """Tool 77."""


@tool
def t078() -> None:
    """Tool 78."""


@tool
def t079() -> None:
    """Tool 79."""


@tool
def t080() -> None:
    """Tool 80."""


@tool
def t081() -> None:
    """Tool 81."""


@tool
def t082() -> None:
    """Tool 82."""


@tool
def t083() -> None:
    """Tool 83."""


@tool
def t084() -> None:
    """Tool 84."""


@tool
def t085() -> None:
    """Tool 85."""


@tool
def t086() -> None:
    """Tool 86."""


@tool
def t087() -> None:
    """Tool 87."""


@tool
def t088() -> None:
    """Tool 88."""


@tool
def t089() -> None:
    """Tool 89."""


@tool
def t090() -> None:
    """Tool 90."""


@tool
def t091() -> None:
    """Tool 91."""


@tool
def t092() -> None:
    """Tool 92."""


@tool
def t093() -> None:
    """Tool 93."""


@tool
def t094() -> None:
    """Tool 94."""


@tool
def t095() -> None:
    """Tool 95."""


@tool
def t096() -> None:
    """Tool 96."""


@tool
def t097() -> None:
    """Tool 97."""


@tool
def t098() -> None:
    """Tool 98."""


@tool
def t099() -> None:
    """Tool 99."""


@tool
def t100() -> None:
    """Tool 100."""


@tool
def t101() -> None:
    """Tool 101."""


@tool
def t102() -> None:
    """Tool 102."""


@tool
def t103() -> None:
    """Tool 103."""


@tool
def t104() -> None:
    """Tool 104."""


@tool
def t105() -> None:
    """Tool 105."""


@tool
def t106() -> None:
    """Tool 106."""


@tool
def t107() -> None:
    """Tool 107."""


@tool
def t108() -> None:
    """Tool 108."""


@tool
def t109() -> None:
    """Tool 109."""


@tool
def t110() -> None:
    """Tool 110."""


@tool
def t111() -> None:
    """Tool 111."""


@tool
def t112() -> None:
    """Tool 112."""


@tool
def t113() -> None:
    """Tool 113."""


@tool
def t114() -> None:
    """Tool 114."""


@tool
def t115() -> None:
    """Tool 115."""


@tool
def t116() -> None:
    """Tool 116."""


@tool
def t117() -> None:
    """Tool 117."""


@tool
def t118() -> None:
    """Tool 118."""


@tool
def t119() -> None:
    """Tool 119."""


@tool
def t120() -> None:
    """Tool 120."""


@tool
def t121() -> None:
    """Tool 121."""


@tool
def t122() -> None:
    """Tool 122."""


@tool
def t123() -> None:
    """Tool 123."""


@tool
def t124() -> None:
    """Tool 124."""


@tool
def t125() -> None:
    """Tool 125."""


@tool
def t126() -> None:
    """Tool 126."""


@tool
def t127() -> None:
    """Tool 127."""
