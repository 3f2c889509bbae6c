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


@tool
def t128() -> None:
    """Tool 128."""


@tool
def t129() -> None:
    """Tool 129."""


@tool
def t130() -> None:
    """Tool 130."""


@tool
def t131() -> None:
    """Tool 131."""


@tool
def t132() -> None:
    """Tool 132."""


@tool
def t133() -> None:
    """Tool 133."""


@tool
def t134() -> None:
    """Tool 134."""


@tool
def t135() -> None:
    """Tool 135."""


@tool
def t136() -> None:
    """Tool 136."""


@tool
def t137() -> None:
    """Tool 137."""


@tool
def t138() -> None:
    """Tool 138."""


@tool
def t139() -> None:
    """Tool 139."""


@tool
def t140() -> None:
    """Tool 140."""


@tool
def t141() -> None:
    """Tool 141."""


@tool
def t142() -> None:
    """Tool 142."""


@tool
def t143() -> None:
    """Tool 143."""


@tool
def t144() -> None:
    """Tool 144."""


@tool
def t145() -> None:
    """Tool 145."""


@tool
def t146() -> None:
    """Tool 146."""


@tool
def t147() -> None:
    """Tool 147."""


@tool
def t148() -> None:
    """Tool 148."""


@tool
def t149() -> None:
    """Tool 149."""


@tool
def t150() -> None:
    """Tool 150."""


@tool
def t151() -> None:
    """Tool 151."""


@tool
def t152() -> None:
    """Tool 152."""


@tool
def t153() -> None:
    """Tool 153."""


@tool
def t154() -> None:
    """Tool 154."""


@tool
def t155() -> None:
    """Tool 155."""


@tool
def t156() -> None:
    """Tool 156."""


@tool
def t157() -> None:
    """Tool 157."""


@tool
def t158() -> None:
    """Tool 158."""


@tool
def t159() -> None:
    """Tool 159."""


@tool
def t160() -> None:
    """Tool 160."""


@tool
def t161() -> None:
    """Tool 161."""


@tool
def t162() -> None:
    """Tool 162."""


@tool
def t163() -> None:
    """Tool 163."""


@tool
def t164() -> None:
    """Tool 164."""


@tool
def t165() -> None:
    """Tool 165."""


@tool
def t166() -> None:
    """Tool 166."""


@tool
def t167() -> None:
    """Tool 167."""


@tool
def t168() -> None:
    """Tool 168."""


@tool
def t169() -> None:
    """Tool 169."""


@tool
def t170() -> None:
    """Tool 170."""


@tool
def t171() -> None:
    """Tool 171."""


@tool
def t172() -> None:
    """Tool 172."""


@tool
def t173() -> None:
    """Tool 173."""


@tool
def t174() -> None:
    """Tool 174."""


@tool
def t175() -> None:
    """Tool 175."""


@tool
def t176() -> None:
    """Tool 176."""


@tool
def t177() -> None:
    """Tool 177."""


@tool
def t178() -> None:
    """Tool 178."""


@tool
def t179() -> None:
    """Tool 179."""


@tool
def t180() -> None:
    """Tool 180."""


@tool
def t181() -> None:
    """Tool 181."""


@tool
def t182() -> None:
    """Tool 182."""


@tool
def t183() -> None:
    """Tool 183."""


@tool
def t184() -> None:
    """Tool 184."""


@tool
def t185() -> None:
    """Tool 185."""


@tool
def t186() -> None:
    """Tool 186."""


@tool
def t187() -> None:
    """Tool 187."""


@tool
def t188() -> None:
    """Tool 188."""


@tool
def t189() -> None:
    """Tool 189."""


@tool
def t190() -> None:
    """Tool 190."""


@tool
def t191() -> None:
    """Tool 191."""


@tool
def t192() -> None:
    """Tool 192."""


@tool
def t193() -> None:
    """Tool 193."""


@tool
def t194() -> None:
    """Tool 194."""


@tool
def t195() -> None:
    """Tool 195."""


@tool
def t196() -> None:
    """Tool 196."""


@tool
def t197() -> None:
    """Tool 197."""


@tool
def t198() -> None:
    """Tool 198."""


@tool
def t199() -> None:
    """Tool 199."""


@tool
def t200() -> None:
    """Tool 200."""


@tool
def t201() -> None:
    """Tool 201."""


@tool
def t202() -> None:
    """Tool 202."""


@tool
def t203() -> None:
    """Tool 203."""


@tool
def t204() -> None:
    """Tool 204."""


@tool
def t205() -> None:
    """Tool 205."""


@tool
def t206() -> None:
    """Tool 206."""


@tool
def t207() -> None:
    """Tool 207."""


@tool
def t208() -> None:
    """Tool 208."""


@tool
def t209() -> None:
    """Tool 209."""


@tool
def t210() -> None:
    """Tool 210."""


@tool
def t211() -> None:
    """Tool 211."""


@tool
def t212() -> None:
    """Tool 212."""


@tool
def t213() -> None:
    """Tool 213."""


@tool
def t214() -> None:
    """Tool 214."""


@tool
def t215() -> None:
    """Tool 215."""


@tool
def t216() -> None:
    """Tool 216."""


@tool
def t217() -> None:
    """Tool 217."""


@tool
def t218() -> None:
    """Tool 218."""


@tool
def t219() -> None:
    """Tool 219."""


@tool
def t220() -> None:
    """Tool 220."""


@tool
def t221() -> None:
    """Tool 221."""


@tool
def t222() -> None:
    """Tool 222."""


@tool
def t223() -> None:
    """Tool 223."""


@tool
def t224() -> None:
    """Tool 224."""


@tool
def t225() -> None:
    """Tool 225."""


@tool
def t226() -> None:
    """Tool 226."""


@tool
def t227() -> None:
    """Tool 227."""


@tool
def t228() -> None:
    """Tool 228."""


@tool
def t229() -> None:
    """Tool 229."""


@tool
def t230() -> None:
    """Tool 230."""


@tool
def t231() -> None:
    """Tool 231."""


@tool
def t232() -> None:
    """Tool 232."""


@tool
def t233() -> None:
    """Tool 233."""


@tool
def t234() -> None:
    """Tool 234."""


@tool
def t235() -> None:
    """Tool 235."""


@tool
def t236() -> None:
    """Tool 236."""


@tool
def t237() -> None:
    """Tool 237."""


@tool
def t238() -> None:
    """Tool 238."""


@tool
def t239() -> None:
    """Tool 239."""


@tool
def t240() -> None:
    """Tool 240."""


@tool
def t241() -> None:
    """Tool 241."""


@tool
def t242() -> None:
    """Tool 242."""


@tool
def t243() -> None:
    """Tool 243."""


@tool
def t244() -> None:
    """Tool 244."""


@tool
def t245() -> None:
    """Tool 245."""


@tool
def t246() -> None:
    """Tool 246."""


@tool
def t247() -> None:
    """Tool 247."""


@tool
def t248() -> None:
    """Tool 248."""


@tool
def t249() -> None:
    """Tool 249."""


@tool
def t250() -> None:
    """Tool 250."""


@tool
def t251() -> None:
    """Tool 251."""


@tool
def t252() -> None:
    """Tool 252."""


@tool
def t253() -> None:
    """Tool 253."""


@tool
def t254() -> None:
    """Tool 254."""


@tool
def t255() -> None:
    """Tool 255."""


@tool
def t256() -> None:
    """Tool 256."""


@tool
def t257() -> None:
    """Tool 257."""


@tool
def t258() -> None:
    """Tool 258."""


@tool
def t259() -> None:
    """Tool 259."""


@tool
def t260() -> None:
    """Tool 260."""


@tool
def t261() -> None:
    """Tool 261."""


@tool
def t262() -> None:
    """Tool 262."""


@tool
def t263() -> None:
    """Tool 263."""


@tool
def t264() -> None:
    """Tool 264."""


@tool
def t265() -> None:
    """Tool 265."""


@tool
def t266() -> None:
    """Tool 266."""


@tool
def t267() -> None:
    """Tool 267."""


@tool
def t268() -> None:
    """Tool 268."""


@tool
def t269() -> None:
    """Tool 269."""


@tool
def t270() -> None:
    """Tool 270."""


@tool
def t271() -> None:
    """Tool 271."""


@tool
def t272() -> None:
    """Tool 272."""


@tool
def t273() -> None:
    """Tool 273."""


@tool
def t274() -> None:
    """Tool 274."""


@tool
def t275() -> None:
    """Tool 275."""


@tool
def t276() -> None:
    """Tool 276."""


@tool
def t277() -> None:
    """Tool 277."""


@tool
def t278() -> None:
    """Tool 278."""


@tool
def t279() -> None:
    """Tool 279."""


@tool
def t280() -> None:
    """Tool 280."""


@tool
def t281() -> None:
    """Tool 281."""


@tool
def t282() -> None:
    """Tool 282."""


@tool
def t283() -> None:
    """Tool 283."""


@tool
def t284() -> None:
    """Tool 284."""


@tool
def t285() -> None:
    """Tool 285."""


@tool
def t286() -> None:
    """Tool 286."""


@tool
def t287() -> None:
    """Tool 287."""


@tool
def t288() -> None:
    """Tool 288."""


@tool
def t289() -> None:
    """Tool 289."""


@tool
def t290() -> None:
    """Tool 290."""


@tool
def t291() -> None:
    """Tool 291."""


@tool
def t292() -> None:
    """Tool 292."""


@tool
def t293() -> None:
    """Tool 293."""


@tool
def t294() -> None:
    """Tool 294."""


@tool
def t295() -> None:
    """Tool 295."""


@tool
def t296() -> None:
    """Tool 296."""


@tool
def t297() -> None:
    """Tool 297."""


@tool
def t298() -> None:
    """Tool 298."""


@tool
def t299() -> None:
    """Tool 299."""


@tool
def t300() -> None:
    """Tool 300."""


@tool
def t301() -> None:
    """Tool 301."""


@tool
def t302() -> None:
    """Tool 302."""


@tool
def t303() -> None:
    """Tool 303."""


@tool
def t304() -> None:
    """Tool 304."""


@tool
def t305() -> None:
    """Tool 305."""


@tool
def t306() -> None:
    """Tool 306."""


@tool
def t307() -> None:
    """Tool 307."""


@tool
def t308() -> None:
    """Tool 308."""


@tool
def t309() -> None:
    """Tool 309."""


@tool
def t310() -> None:
    """Tool 310."""


@tool
def t311() -> None:
    """Tool 311."""


@tool
def t312() -> None:
    """Tool 312."""


@tool
def t313() -> None:
    """Tool 313."""


@tool
def t314() -> None:
    """Tool 314."""


@tool
def t315() -> None:
    """Tool 315."""


@tool
def t316() -> None:
    """Tool 316."""


@tool
def t317() -> None:
    """Tool 317."""


@tool
def t318() -> None:
    """Tool 318."""


@tool
def t319() -> None:
    """Tool 319."""


@tool
def t320() -> None:
    """Tool 320."""


@tool
def t321() -> None:
    """Tool 321."""


@tool
def t322() -> None:
    """Tool 322."""


@tool
def t323() -> None:
    """Tool 323."""


@tool
def t324() -> None:
    """Tool 324."""


@tool
def t325() -> None:
    """Tool 325."""


@tool
def t326() -> None:
    """Tool 326."""


@tool
def t327() -> None:
    """Tool 327."""


@tool
def t328() -> None:
    """Tool 328."""


@tool
def t329() -> None:
    """Tool 329."""


@tool
def t330() -> None:
    """Tool 330."""


@tool
def t331() -> None:
    """Tool 331."""


@tool
def t332() -> None:
    """Tool 332."""


@tool
def t333() -> None:
    """Tool 333."""


@tool
def t334() -> None:
    """Tool 334."""


@tool
def t335() -> None:
    """Tool 335."""


@tool
def t336() -> None:
    """Tool 336."""


@tool
def t337() -> None:
    """Tool 337."""


@tool
def t338() -> None:
    """Tool 338."""


@tool
def t339() -> None:
    """Tool 339."""


@tool
def t340() -> None:
    """Tool 340."""


@tool
def t341() -> None:
    """Tool 341."""


@tool
def t342() -> None:
    """Tool 342."""


@tool
def t343() -> None:
    """Tool 343."""


@tool
def t344() -> None:
    """Tool 344."""


@tool
def t345() -> None:
    """Tool 345."""


@tool
def t346() -> None:
    """Tool 346."""


@tool
def t347() -> None:
    """Tool 347."""


@tool
def t348() -> None:
    """Tool 348."""


@tool
def t349() -> None:
    """Tool 349."""


@tool
def t350() -> None:
    """Tool 350."""


@tool
def t351() -> None:
    """Tool 351."""


@tool
def t352() -> None:
    """Tool 352."""


@tool
def t353() -> None:
    """Tool 353."""


@tool
def t354() -> None:
    """Tool 354."""


@tool
def t355() -> None:
    """Tool 355."""


@tool
def t356() -> None:
    """Tool 356."""


@tool
def t357() -> None:
    """Tool 357."""


@tool
def t358() -> None:
    """Tool 358."""


@tool
def t359() -> None:
    """Tool 359."""


@tool
def t360() -> None:
    """Tool 360."""


@tool
def t361() -> None:
    """Tool 361."""


@tool
def t362() -> None:
    """Tool 362."""


@tool
def t363() -> None:
    """Tool 363."""


@tool
def t364() -> None:
    """Tool 364."""


@tool
def t365() -> None:
    """Tool 365."""


@tool
def t366() -> None:
    """Tool 366."""


@tool
def t367() -> None:
    """Tool 367."""


@tool
def t368() -> None:
    """Tool 368."""


@tool
def t369() -> None:
    """Tool 369."""


@tool
def t370() -> None:
    """Tool 370."""


@tool
def t371() -> None:
    """Tool 371."""


@tool
def t372() -> None:
    """Tool 372."""


@tool
def t373() -> None:
    """Tool 373."""


@tool
def t374() -> None:
    """Tool 374."""


@tool
def t375() -> None:
    """Tool 375."""


@tool
def t376() -> None:
    """Tool 376."""


@tool
def t377() -> None:
    """Tool 377."""


@tool
def t378() -> None:
    """Tool 378."""


@tool
def t379() -> None:
    """Tool 379."""


@tool
def t380() -> None:
    """Tool 380."""


@tool
def t381() -> None:
    """Tool 381."""


@tool
def t382() -> None:
    """Tool 382."""


@tool
def t383() -> None:
    """Tool 383."""


@tool
def t384() -> None:
    """Tool 384."""


@tool
def t385() -> None:
    """Tool 385."""


@tool
def t386() -> None:
    """Tool 386."""


@tool
def t387() -> None:
    """Tool 387."""


@tool
def t388() -> None:
    """Tool 388."""


@tool
def t389() -> None:
    """Tool 389."""


@tool
def t390() -> None:
    """Tool 390."""


@tool
def t391() -> None:
    """Tool 391."""


@tool
def t392() -> None:
    """Tool 392."""


@tool
def t393() -> None:
    """Tool 393."""


@tool
def t394() -> None:
    """Tool 394."""


@tool
def t395() -> None:
    """Tool 395."""


@tool
def t396() -> None:
    """Tool 396."""


@tool
def t397() -> None:
    """Tool 397."""


@tool
def t398() -> None:
    """Tool 398."""


@tool
def t399() -> None:
    """Tool 399."""


@tool
def t400() -> None:
    """Tool 400."""


@tool
def t401() -> None:
    """Tool 401."""


@tool
def t402() -> None:
    """Tool 402."""


@tool
def t403() -> None:
    """Tool 403."""


@tool
def t404() -> None:
    """Tool 404."""


@tool
def t405() -> None:
    """Tool 405."""


@tool
def t406() -> None:
    """Tool 406."""


@tool
def t407() -> None:
    """Tool 407."""


@tool
def t408() -> None:
    """Tool 408."""


@tool
def t409() -> None:
    """Tool 409."""


@tool
def t410() -> None:
    """Tool 410."""


@tool
def t411() -> None:
    """Tool 411."""


@tool
def t412() -> None:
    """Tool 412."""


@tool
def t413() -> None:
    """Tool 413."""


@tool
def t414() -> None:
    """Tool 414."""


@tool
def t415() -> None:
    """Tool 415."""


@tool
def t416() -> None:
    """Tool 416."""


@tool
def t417() -> None:
    """Tool 417."""


@tool
def t418() -> None:
    """Tool 418."""


@tool
def t419() -> None:
    """Tool 419."""


@tool
def t420() -> None:
    """Tool 420."""


@tool
def t421() -> None:
    """Tool 421."""


@tool
def t422() -> None:
    """Tool 422."""


@tool
def t423() -> None:
    """Tool 423."""


@tool
def t424() -> None:
    """Tool 424."""


@tool
def t425() -> None:
    """Tool 425."""


@tool
def t426() -> None:
    """Tool 426."""


@tool
def t427() -> None:
    """Tool 427."""


@tool
def t428() -> None:
    """Tool 428."""


@tool
def t429() -> None:
    """Tool 429."""


@tool
def t430() -> None:
    """Tool 430."""


@tool
def t431() -> None:
    """Tool 431."""


@tool
def t432() -> None:
    """Tool 432."""


@tool
def t433() -> None:
    """Tool 433."""


@tool
def t434() -> None:
    """Tool 434."""


@tool
def t435() -> None:
    """Tool 435."""


@tool
def t436() -> None:
    """Tool 436."""


@tool
def t437() -> None:
    """Tool 437."""


@tool
def t438() -> None:
    """Tool 438."""


@tool
def t439() -> None:
    """Tool 439."""


@tool
def t440() -> None:
    """Tool 440."""


@tool
def t441() -> None:
    """Tool 441."""


@tool
def t442() -> None:
    """Tool 442."""


@tool
def t443() -> None:
    """Tool 443."""


@tool
def t444() -> None:
    """Tool 444."""


@tool
def t445() -> None:
    """Tool 445."""


@tool
def t446() -> None:
    """Tool 446."""


@tool
def t447() -> None:
    """Tool 447."""


@tool
def t448() -> None:
    """Tool 448."""


@tool
def t449() -> None:
    """Tool 449."""


@tool
def t450() -> None:
    """Tool 450."""


@tool
def t451() -> None:
    """Tool 451."""


@tool
def t452() -> None:
    """Tool 452."""


@tool
def t453() -> None:
    """Tool 453."""


@tool
def t454() -> None:
    """Tool 454."""


@tool
def t455() -> None:
    """Tool 455."""


@tool
def t456() -> None:
    """Tool 456."""


@tool
def t457() -> None:
    """Tool 457."""


@tool
def t458() -> None:
    """Tool 458."""


@tool
def t459() -> None:
    """Tool 459."""


@tool
def t460() -> None:
    """Tool 460."""


@tool
def t461() -> None:
    """Tool 461."""


@tool
def t462() -> None:
    """Tool 462."""


@tool
def t463() -> None:
    """Tool 463."""


@tool
def t464() -> None:
    """Tool 464."""


@tool
def t465() -> None:
    """Tool 465."""


@tool
def t466() -> None:
    """Tool 466."""


@tool
def t467() -> None:
    """Tool 467."""


@tool
def t468() -> None:
    """Tool 468."""


@tool
def t469() -> None:
    """Tool 469."""


@tool
def t470() -> None:
    """Tool 470."""


@tool
def t471() -> None:
    """Tool 471."""


@tool
def t472() -> None:
    """Tool 472."""


@tool
def t473() -> None:
    """Tool 473."""


@tool
def t474() -> None:
    """Tool 474."""


@tool
def t475() -> None:
    """Tool 475."""


@tool
def t476() -> None:
    """Tool 476."""


@tool
def t477() -> None:
    """Tool 477."""


@tool
def t478() -> None:
    """Tool 478."""


@tool
def t479() -> None:
    """Tool 479."""


@tool
def t480() -> None:
    """Tool 480."""


@tool
def t481() -> None:
    """Tool 481."""


@tool
def t482() -> None:
    """Tool 482."""


@tool
def t483() -> None:
    """Tool 483."""


@tool
def t484() -> None:
    """Tool 484."""


@tool
def t485() -> None:
    """Tool 485."""


@tool
def t486() -> None:
    """Tool 486."""


@tool
def t487() -> None:
    """Tool 487."""


@tool
def t488() -> None:
    """Tool 488."""


@tool
def t489() -> None:
    """Tool 489."""


@tool
def t490() -> None:
    """Tool 490."""


@tool
def t491() -> None:
    """Tool 491."""


@tool
def t492() -> None:
    """Tool 492."""


@tool
def t493() -> None:
    """Tool 493."""


@tool
def t494() -> None:
    """Tool 494."""


@tool
def t495() -> None:
    """Tool 495."""


@tool
def t496() -> None:
    """Tool 496."""


@tool
def t497() -> None:
    """Tool 497."""


@tool
def t498() -> None:
    """Tool 498."""


@tool
def t499() -> None:
    """Tool 499."""


@tool
def t500() -> None:
    """Tool 500."""


@tool
def t501() -> None:
    """Tool 501."""


@tool
def t502() -> None:
    """Tool 502."""


@tool
def t503() -> None:
    """Tool 503."""


@tool
def t504() -> None:
    """Tool 504."""


@tool
def t505() -> None:
    """Tool 505."""


@tool
def t506() -> None:
    """Tool 506."""


@tool
def t507() -> None:
    """Tool 507."""


@tool
def t508() -> None:
    """Tool 508."""


@tool
def t509() -> None:
    """Tool 509."""


@tool
def t510() -> None:
    """Tool 510."""


@tool
def t511() -> None:
    """Tool 511."""


@tool
def t512() -> None:
    """Tool 512."""
