/// Real places for the weather API's geocoding search (Open-Meteo's shape): one per line,
/// `id|name|admin1|country|countryCode|latitude|longitude|timezone|population|elevation`.
/// Ids are GeoNames ids where known; the few places without one use ids from 9000001 up.
enum PlaceData {
    static let lines = """
    2643743|London|England|United Kingdom|GB|51.50853|-0.12574|Europe/London|8961989|25
    2643123|Manchester|England|United Kingdom|GB|53.48095|-2.23743|Europe/London|568996|38
    2655603|Birmingham|England|United Kingdom|GB|52.48142|-1.89983|Europe/London|1157603|140
    2644210|Liverpool|England|United Kingdom|GB|53.41058|-2.97794|Europe/London|496770|45
    2644688|Leeds|England|United Kingdom|GB|53.79648|-1.54785|Europe/London|536280|63
    2654675|Bristol|England|United Kingdom|GB|51.45523|-2.59665|Europe/London|479024|11
    2641673|Newcastle upon Tyne|England|United Kingdom|GB|54.97328|-1.61396|Europe/London|300125|37
    2653941|Cambridge|England|United Kingdom|GB|52.20000|0.11667|Europe/London|145674|12
    2640729|Oxford|England|United Kingdom|GB|51.75222|-1.25596|Europe/London|162100|64
    2637487|Southampton|England|United Kingdom|GB|50.90395|-1.40428|Europe/London|269781|10
    2650225|Edinburgh|Scotland|United Kingdom|GB|55.95206|-3.19648|Europe/London|514990|47
    2648579|Glasgow|Scotland|United Kingdom|GB|55.86515|-4.25763|Europe/London|626410|40
    2657832|Aberdeen|Scotland|United Kingdom|GB|57.14369|-2.09814|Europe/London|198590|65
    2646088|Inverness|Scotland|United Kingdom|GB|57.47908|-4.22398|Europe/London|47790|10
    2640358|Perth|Scotland|United Kingdom|GB|56.39522|-3.43139|Europe/London|47350|27
    2653822|Cardiff|Wales|United Kingdom|GB|51.48000|-3.18000|Europe/London|372089|12
    2655984|Belfast|Northern Ireland|United Kingdom|GB|54.59682|-5.92541|Europe/London|348005|21
    2964574|Dublin|Leinster|Ireland|IE|53.33306|-6.24889|Europe/Dublin|1024027|8
    2965140|Cork|Munster|Ireland|IE|51.89797|-8.47061|Europe/Dublin|224004|10
    2988507|Paris|Île-de-France|France|FR|48.85341|2.34880|Europe/Paris|2138551|42
    2996944|Lyon|Auvergne-Rhône-Alpes|France|FR|45.74906|4.84789|Europe/Paris|520774|173
    2995469|Marseille|Provence-Alpes-Côte d’Azur|France|FR|43.29695|5.38107|Europe/Paris|877215|28
    2990440|Nice|Provence-Alpes-Côte d’Azur|France|FR|43.70313|7.26608|Europe/Paris|342669|25
    3031582|Bordeaux|Nouvelle-Aquitaine|France|FR|44.84124|-0.58046|Europe/Paris|265328|15
    2972315|Toulouse|Occitanie|France|FR|43.60426|1.44367|Europe/Paris|511684|146
    2990969|Nantes|Pays de la Loire|France|FR|47.21725|-1.55336|Europe/Paris|325070|20
    2973783|Strasbourg|Grand Est|France|FR|48.58392|7.74553|Europe/Paris|274845|142
    2993458|Monaco|Monaco|Monaco|MC|43.73718|7.42145|Europe/Monaco|32965|62
    2759794|Amsterdam|North Holland|Netherlands|NL|52.37403|4.88969|Europe/Amsterdam|741636|13
    2747891|Rotterdam|South Holland|Netherlands|NL|51.92250|4.47917|Europe/Amsterdam|868135|0
    2800866|Brussels|Brussels Capital|Belgium|BE|50.85045|4.34878|Europe/Brussels|1019022|28
    2803138|Antwerp|Flanders|Belgium|BE|51.22047|4.40026|Europe/Brussels|529247|10
    2960316|Luxembourg|Luxembourg|Luxembourg|LU|49.60982|6.13268|Europe/Luxembourg|76684|305
    2950159|Berlin|Berlin|Germany|DE|52.52437|13.41053|Europe/Berlin|3426354|34
    2911298|Hamburg|Hamburg|Germany|DE|53.55073|9.99302|Europe/Berlin|1973896|6
    2867714|Munich|Bavaria|Germany|DE|48.13743|11.57549|Europe/Berlin|1505005|524
    2925533|Frankfurt am Main|Hesse|Germany|DE|50.11552|8.68417|Europe/Berlin|650000|112
    2886242|Cologne|North Rhine-Westphalia|Germany|DE|50.93333|6.95000|Europe/Berlin|1024621|53
    2934246|Düsseldorf|North Rhine-Westphalia|Germany|DE|51.22319|6.77927|Europe/Berlin|618685|38
    2825297|Stuttgart|Baden-Württemberg|Germany|DE|48.78232|9.17702|Europe/Berlin|612663|252
    2761369|Vienna|Vienna|Austria|AT|48.20849|16.37208|Europe/Vienna|1691468|171
    2766824|Salzburg|Salzburg|Austria|AT|47.79941|13.04399|Europe/Vienna|157245|424
    2775220|Innsbruck|Tyrol|Austria|AT|47.26266|11.39454|Europe/Vienna|132493|574
    2657896|Zürich|Zurich|Switzerland|CH|47.36667|8.55000|Europe/Zurich|415367|429
    2660646|Geneva|Geneva|Switzerland|CH|46.20222|6.14569|Europe/Zurich|201741|375
    2661604|Basel|Basel-City|Switzerland|CH|47.55839|7.57327|Europe/Zurich|177595|260
    2661552|Bern|Bern|Switzerland|CH|46.94809|7.44744|Europe/Zurich|121631|540
    2659994|Lausanne|Vaud|Switzerland|CH|46.51600|6.63282|Europe/Zurich|139111|495
    3042030|Vaduz|Vaduz|Liechtenstein|LI|47.14151|9.52154|Europe/Vaduz|5197|455
    3117735|Madrid|Madrid|Spain|ES|40.41650|-3.70256|Europe/Madrid|3255944|667
    3128760|Barcelona|Catalonia|Spain|ES|41.38879|2.15899|Europe/Madrid|1686208|12
    2509954|Valencia|Valencia|Spain|ES|39.47391|-0.37966|Europe/Madrid|824340|15
    2510911|Seville|Andalusia|Spain|ES|37.38283|-5.97317|Europe/Madrid|686741|7
    2514256|Málaga|Andalusia|Spain|ES|36.72016|-4.42034|Europe/Madrid|592346|11
    2517117|Granada|Andalusia|Spain|ES|37.18817|-3.60667|Europe/Madrid|233532|738
    2519240|Córdoba|Andalusia|Spain|ES|37.89155|-4.77275|Europe/Madrid|325708|106
    2521978|Alicante|Valencia|Spain|ES|38.34517|-0.48149|Europe/Madrid|348901|3
    2512989|Palma|Balearic Islands|Spain|ES|39.56939|2.65024|Europe/Madrid|438234|13
    2516479|Ibiza|Balearic Islands|Spain|ES|38.90883|1.43296|Europe/Madrid|49727|5
    3128026|Bilbao|Basque Country|Spain|ES|43.26271|-2.92528|Europe/Madrid|347342|19
    3109642|Santiago de Compostela|Galicia|Spain|ES|42.88052|-8.54569|Europe/Madrid|99536|260
    2511174|Santa Cruz de Tenerife|Canary Islands|Spain|ES|28.46824|-16.25462|Atlantic/Canary|211359|4
    2515270|Las Palmas de Gran Canaria|Canary Islands|Spain|ES|28.10178|-15.41573|Atlantic/Canary|383516|8
    2521570|Arrecife|Canary Islands|Spain|ES|28.96302|-13.54769|Atlantic/Canary|61351|21
    2512186|Puerto del Rosario|Canary Islands|Spain|ES|28.50038|-13.86272|Atlantic/Canary|35667|25
    3041563|Andorra la Vella|Andorra la Vella|Andorra|AD|42.50779|1.52109|Europe/Andorra|20430|1023
    2267057|Lisbon|Lisbon|Portugal|PT|38.72509|-9.14980|Europe/Lisbon|517802|45
    2735943|Porto|Porto|Portugal|PT|41.14850|-8.61097|Europe/Lisbon|252687|104
    2268339|Faro|Faro|Portugal|PT|37.01869|-7.92716|Europe/Lisbon|70347|8
    2267827|Funchal|Madeira|Portugal|PT|32.66568|-16.92547|Atlantic/Madeira|105795|58
    3169070|Rome|Lazio|Italy|IT|41.89193|12.51133|Europe/Rome|2318895|20
    6691831|Vatican City|Vatican City|Vatican City|VA|41.90268|12.45414|Europe/Vatican|829|45
    3173435|Milan|Lombardy|Italy|IT|45.46427|9.18951|Europe/Rome|1371498|122
    3172394|Naples|Campania|Italy|IT|40.85216|14.26811|Europe/Rome|909048|17
    3164603|Venice|Veneto|Italy|IT|45.43713|12.33265|Europe/Rome|51298|1
    3176959|Florence|Tuscany|Italy|IT|43.77925|11.24626|Europe/Rome|367150|50
    3170647|Pisa|Tuscany|Italy|IT|43.70853|10.40360|Europe/Rome|109960|4
    3165524|Turin|Piedmont|Italy|IT|45.07049|7.68682|Europe/Rome|847287|239
    3181928|Bologna|Emilia-Romagna|Italy|IT|44.49381|11.33875|Europe/Rome|394843|54
    3182351|Bari|Apulia|Italy|IT|41.12066|16.86982|Europe/Rome|316491|5
    2523920|Palermo|Sicily|Italy|IT|38.11660|13.36360|Europe/Rome|648260|14
    2525068|Catania|Sicily|Italy|IT|37.49223|15.07041|Europe/Rome|311584|7
    3172087|Olbia|Sardinia|Italy|IT|40.92337|9.49802|Europe/Rome|60345|15
    3168070|San Marino|San Marino|San Marino|SM|43.93667|12.44639|Europe/San_Marino|4500|650
    2562305|Valletta|Valletta|Malta|MT|35.89968|14.51480|Europe/Malta|6794|56
    2618425|Copenhagen|Capital Region|Denmark|DK|55.67594|12.56553|Europe/Copenhagen|1153615|14
    2673730|Stockholm|Stockholm|Sweden|SE|59.32938|18.06871|Europe/Stockholm|1515017|28
    2711537|Gothenburg|Västra Götaland|Sweden|SE|57.70716|11.96679|Europe/Stockholm|608462|12
    3143244|Oslo|Oslo|Norway|NO|59.91273|10.74609|Europe/Oslo|1082575|23
    3161732|Bergen|Vestland|Norway|NO|60.39299|5.32415|Europe/Oslo|294029|12
    3133895|Tromsø|Troms|Norway|NO|69.64890|18.95508|Europe/Oslo|41915|10
    658225|Helsinki|Uusimaa|Finland|FI|60.16952|24.93545|Europe/Helsinki|658864|17
    3413829|Reykjavík|Capital Region|Iceland|IS|64.13548|-21.89541|Atlantic/Reykjavik|118918|29
    588409|Tallinn|Harjumaa|Estonia|EE|59.43696|24.75353|Europe/Tallinn|394024|33
    456172|Riga|Riga|Latvia|LV|56.94600|24.10589|Europe/Riga|742572|6
    593116|Vilnius|Vilnius|Lithuania|LT|54.68916|25.27980|Europe/Vilnius|542366|112
    3067696|Prague|Prague|Czechia|CZ|50.08804|14.42076|Europe/Prague|1165581|235
    3078610|Brno|South Moravian|Czechia|CZ|49.19522|16.60796|Europe/Prague|379466|227
    3060972|Bratislava|Bratislava Region|Slovakia|SK|48.14816|17.10674|Europe/Bratislava|423737|140
    3054643|Budapest|Budapest|Hungary|HU|47.49835|19.04045|Europe/Budapest|1741041|102
    756135|Warsaw|Masovia|Poland|PL|52.22977|21.01178|Europe/Warsaw|1702139|100
    3094802|Kraków|Lesser Poland|Poland|PL|50.06143|19.93658|Europe/Warsaw|816614|219
    3099434|Gdańsk|Pomerania|Poland|PL|54.35227|18.64912|Europe/Warsaw|487371|12
    3081368|Wrocław|Lower Silesia|Poland|PL|51.10286|17.03006|Europe/Warsaw|672545|120
    3196359|Ljubljana|Ljubljana|Slovenia|SI|46.05108|14.50513|Europe/Ljubljana|272220|295
    3186886|Zagreb|City of Zagreb|Croatia|HR|45.81444|15.97798|Europe/Zagreb|663592|158
    3190261|Split|Split-Dalmatia|Croatia|HR|43.50891|16.43915|Europe/Zagreb|149830|5
    3201047|Dubrovnik|Dubrovnik-Neretva|Croatia|HR|42.64125|18.10909|Europe/Zagreb|26922|11
    3186952|Zadar|Zadar|Croatia|HR|44.11578|15.22514|Europe/Zagreb|67309|8
    3192224|Pula|Istria|Croatia|HR|44.86833|13.84806|Europe/Zagreb|52220|30
    3191281|Sarajevo|Federation of Bosnia and Herzegovina|Bosnia and Herzegovina|BA|43.84864|18.35644|Europe/Sarajevo|696731|518
    792680|Belgrade|Central Serbia|Serbia|RS|44.80401|20.46513|Europe/Belgrade|1273651|117
    3193044|Podgorica|Podgorica|Montenegro|ME|42.44124|19.26309|Europe/Podgorica|236852|44
    786714|Pristina|Pristina|Kosovo|XK|42.67272|21.16688|Europe/Belgrade|550000|652
    785842|Skopje|Skopje|North Macedonia|MK|41.99646|21.43141|Europe/Skopje|474889|240
    3183875|Tirana|Tirana|Albania|AL|41.32744|19.81866|Europe/Tirane|418495|110
    727011|Sofia|Sofia-Capital|Bulgaria|BG|42.69751|23.32415|Europe/Sofia|1152556|550
    726050|Varna|Varna|Bulgaria|BG|43.21912|27.91024|Europe/Sofia|318737|80
    683506|Bucharest|Bucharest|Romania|RO|44.43225|26.10626|Europe/Bucharest|1877155|70
    618426|Chișinău|Chișinău Municipality|Moldova|MD|47.00902|28.85938|Europe/Chisinau|635994|85
    703448|Kyiv|Kyiv City|Ukraine|UA|50.45466|30.52380|Europe/Kyiv|2952301|179
    702550|Lviv|Lviv|Ukraine|UA|49.83826|24.02324|Europe/Kyiv|717273|296
    698740|Odesa|Odesa|Ukraine|UA|46.48572|30.74383|Europe/Kyiv|1010537|40
    625144|Minsk|Minsk City|Belarus|BY|53.90019|27.56653|Europe/Minsk|1742124|220
    524901|Moscow|Moscow|Russia|RU|55.75204|37.61781|Europe/Moscow|10381222|144
    498817|Saint Petersburg|St.-Petersburg|Russia|RU|59.93863|30.31413|Europe/Moscow|5351935|3
    264371|Athens|Attica|Greece|GR|37.98376|23.72784|Europe/Athens|664046|70
    734077|Thessaloniki|Central Macedonia|Greece|GR|40.64072|22.93493|Europe/Athens|317778|20
    261745|Heraklion|Crete|Greece|GR|35.32787|25.14341|Europe/Athens|137154|33
    260114|Chania|Crete|Greece|GR|35.51124|24.02921|Europe/Athens|53910|20
    400666|Rhodes|South Aegean|Greece|GR|36.43556|28.22199|Europe/Athens|56128|16
    2463679|Corfu|Ionian Islands|Greece|GR|39.62441|19.92016|Europe/Athens|40047|20
    146268|Nicosia|Nicosia|Cyprus|CY|35.17284|33.35397|Asia/Nicosia|200452|220
    146400|Larnaca|Larnaca|Cyprus|CY|34.92210|33.62794|Asia/Nicosia|72000|10
    146214|Paphos|Paphos|Cyprus|CY|34.77679|32.42451|Asia/Nicosia|35961|72
    745044|Istanbul|Istanbul|Turkey|TR|41.01384|28.94966|Europe/Istanbul|15701602|39
    323786|Ankara|Ankara|Turkey|TR|39.91987|32.85427|Europe/Istanbul|3517182|938
    323777|Antalya|Antalya|Turkey|TR|36.90812|30.69556|Europe/Istanbul|1335002|39
    311046|İzmir|İzmir|Turkey|TR|38.41273|27.13838|Europe/Istanbul|2938292|25
    611717|Tbilisi|Tbilisi|Georgia|GE|41.69143|44.83412|Asia/Tbilisi|1049498|490
    616052|Yerevan|Yerevan|Armenia|AM|40.17765|44.51260|Asia/Yerevan|1144700|990
    587084|Baku|Baku|Azerbaijan|AZ|40.37767|49.89201|Asia/Baku|2351300|-28
    5128581|New York City|New York|United States|US|40.71427|-74.00597|America/New_York|8804190|10
    5368361|Los Angeles|California|United States|US|34.05223|-118.24368|America/Los_Angeles|3820914|89
    5391959|San Francisco|California|United States|US|37.77493|-122.41942|America/Los_Angeles|827526|16
    5391811|San Diego|California|United States|US|32.71571|-117.16472|America/Los_Angeles|1404452|20
    5389489|Sacramento|California|United States|US|38.58157|-121.49440|America/Los_Angeles|524943|9
    4887398|Chicago|Illinois|United States|US|41.85003|-87.65005|America/Chicago|2664452|181
    4250542|Springfield|Illinois|United States|US|39.80172|-89.64371|America/Chicago|114394|182
    4409896|Springfield|Missouri|United States|US|37.21533|-93.29824|America/Chicago|170188|396
    4951788|Springfield|Massachusetts|United States|US|42.10148|-72.58981|America/New_York|154341|21
    4699066|Houston|Texas|United States|US|29.76328|-95.36327|America/Chicago|2314157|15
    4684888|Dallas|Texas|United States|US|32.78306|-96.80667|America/Chicago|1326087|131
    4671654|Austin|Texas|United States|US|30.26715|-97.74306|America/Chicago|974447|149
    4726206|San Antonio|Texas|United States|US|29.42412|-98.49363|America/Chicago|1526656|198
    4717560|Paris|Texas|United States|US|33.66094|-95.55551|America/Chicago|24782|180
    5308655|Phoenix|Arizona|United States|US|33.44838|-112.07404|America/Phoenix|1650070|331
    4560349|Philadelphia|Pennsylvania|United States|US|39.95238|-75.16362|America/New_York|1573916|12
    5206379|Pittsburgh|Pennsylvania|United States|US|40.44062|-79.99589|America/New_York|304391|373
    5809844|Seattle|Washington|United States|US|47.60621|-122.33207|America/Los_Angeles|780995|56
    5746545|Portland|Oregon|United States|US|45.52345|-122.67621|America/Los_Angeles|652503|15
    4975802|Portland|Maine|United States|US|43.65737|-70.25890|America/New_York|66881|19
    5419384|Denver|Colorado|United States|US|39.73915|-104.98470|America/Denver|729019|1609
    5780993|Salt Lake City|Utah|United States|US|40.76078|-111.89105|America/Denver|215548|1288
    5586437|Boise|Idaho|United States|US|43.61350|-116.20345|America/Boise|235684|824
    5506956|Las Vegas|Nevada|United States|US|36.17497|-115.13722|America/Los_Angeles|641903|610
    5490263|Santa Fe|New Mexico|United States|US|35.68698|-105.93780|America/Denver|87505|2134
    4930956|Boston|Massachusetts|United States|US|42.35843|-71.05977|America/New_York|653833|14
    4931972|Cambridge|Massachusetts|United States|US|42.37510|-71.10561|America/New_York|110402|12
    9000001|Berlin|New Hampshire|United States|US|44.46867|-71.18508|America/New_York|9425|311
    5106834|Albany|New York|United States|US|42.65258|-73.75623|America/New_York|101228|45
    4140963|Washington|District of Columbia|United States|US|38.89511|-77.03637|America/New_York|689545|7
    4347778|Baltimore|Maryland|United States|US|39.29038|-76.61219|America/New_York|585708|10
    4781708|Richmond|Virginia|United States|US|37.55376|-77.46026|America/New_York|226610|50
    4487042|Raleigh|North Carolina|United States|US|35.77210|-78.63861|America/New_York|482295|96
    4460243|Charlotte|North Carolina|United States|US|35.22709|-80.84313|America/New_York|911311|229
    4180439|Atlanta|Georgia|United States|US|33.74900|-84.38798|America/New_York|510823|320
    4180386|Athens|Georgia|United States|US|33.96095|-83.37794|America/New_York|127315|194
    4164138|Miami|Florida|United States|US|25.77427|-80.19366|America/New_York|487014|2
    4167147|Orlando|Florida|United States|US|28.53834|-81.37924|America/New_York|334854|34
    4174715|Tallahassee|Florida|United States|US|30.43826|-84.28073|America/New_York|201731|62
    4644585|Nashville|Tennessee|United States|US|36.16589|-86.78444|America/Chicago|689447|169
    4641239|Memphis|Tennessee|United States|US|35.14953|-90.04898|America/Chicago|633104|103
    4335045|New Orleans|Louisiana|United States|US|29.95465|-90.07507|America/Chicago|362701|2
    4990729|Detroit|Michigan|United States|US|42.33143|-83.04575|America/Detroit|645705|183
    4509177|Columbus|Ohio|United States|US|39.96118|-82.99879|America/New_York|913175|275
    5150529|Cleveland|Ohio|United States|US|41.49950|-81.69541|America/New_York|365379|199
    4259418|Indianapolis|Indiana|United States|US|39.76838|-86.15804|America/Indiana/Indianapolis|887642|218
    5037649|Minneapolis|Minnesota|United States|US|44.97997|-93.26384|America/Chicago|410939|264
    5261457|Madison|Wisconsin|United States|US|43.07305|-89.40123|America/Chicago|280305|270
    4853828|Des Moines|Iowa|United States|US|41.60054|-93.60911|America/Chicago|214133|291
    4407066|St. Louis|Missouri|United States|US|38.62727|-90.19789|America/Chicago|279695|142
    4393217|Kansas City|Missouri|United States|US|39.09973|-94.57857|America/Chicago|475378|277
    4544349|Oklahoma City|Oklahoma|United States|US|35.46756|-97.51643|America/Chicago|681054|366
    5879400|Anchorage|Alaska|United States|US|61.21806|-149.90028|America/Anchorage|289600|31
    5554072|Juneau|Alaska|United States|US|58.30194|-134.41972|America/Juneau|31555|17
    5856195|Honolulu|Hawaii|United States|US|21.30694|-157.85833|Pacific/Honolulu|350964|6
    6167865|Toronto|Ontario|Canada|CA|43.70643|-79.39864|America/Toronto|2794356|175
    6058560|London|Ontario|Canada|CA|42.98339|-81.23304|America/Toronto|422324|251
    6094817|Ottawa|Ontario|Canada|CA|45.41117|-75.69812|America/Toronto|1017449|70
    6077243|Montreal|Quebec|Canada|CA|45.50884|-73.58781|America/Toronto|1762949|216
    6325494|Quebec City|Quebec|Canada|CA|46.81228|-71.21454|America/Toronto|531902|98
    6173331|Vancouver|British Columbia|Canada|CA|49.24966|-123.11934|America/Vancouver|662248|70
    6174041|Victoria|British Columbia|Canada|CA|48.43590|-123.35155|America/Vancouver|289625|23
    5913490|Calgary|Alberta|Canada|CA|51.05011|-114.08529|America/Edmonton|1306784|1045
    5946768|Edmonton|Alberta|Canada|CA|53.55014|-113.46871|America/Edmonton|1010899|668
    6183235|Winnipeg|Manitoba|Canada|CA|49.88440|-97.14704|America/Winnipeg|749607|239
    6119109|Regina|Saskatchewan|Canada|CA|50.45008|-104.61780|America/Regina|226404|577
    6324729|Halifax|Nova Scotia|Canada|CA|44.64269|-63.57688|America/Halifax|471559|36
    6324733|St. John's|Newfoundland and Labrador|Canada|CA|47.56494|-52.70931|America/St_Johns|110525|69
    3530597|Mexico City|Mexico City|Mexico|MX|19.42847|-99.12766|America/Mexico_City|12294193|2240
    4005539|Guadalajara|Jalisco|Mexico|MX|20.67738|-103.34749|America/Mexico_City|1385629|1566
    3995465|Monterrey|Nuevo León|Mexico|MX|25.68435|-100.31721|America/Monterrey|1135512|540
    3531673|Cancún|Quintana Roo|Mexico|MX|21.17429|-86.84656|America/Cancun|888797|10
    3598132|Guatemala City|Guatemala|Guatemala|GT|14.64072|-90.51327|America/Guatemala|994938|1500
    3621849|San José|San José|Costa Rica|CR|9.93388|-84.08489|America/Costa_Rica|335007|1170
    3703443|Panama City|Panamá|Panama|PA|8.99360|-79.51973|America/Panama|408168|10
    3553478|Havana|Havana|Cuba|CU|23.13302|-82.38304|America/Havana|2163824|59
    3492908|Santo Domingo|Nacional|Dominican Republic|DO|18.47186|-69.89232|America/Santo_Domingo|2201941|14
    4568127|San Juan|San Juan|Puerto Rico|PR|18.46633|-66.10572|America/Puerto_Rico|418140|8
    3489854|Kingston|Kingston|Jamaica|JM|17.99702|-76.79358|America/Jamaica|937700|9
    3688689|Bogotá|Bogota D.C.|Colombia|CO|4.60971|-74.08175|America/Bogota|7674366|2640
    3674962|Medellín|Antioquia|Colombia|CO|6.24500|-75.57151|America/Bogota|1999979|1495
    3646738|Caracas|Capital District|Venezuela|VE|10.48801|-66.87919|America/Caracas|3000000|900
    3625549|Valencia|Carabobo|Venezuela|VE|10.16153|-68.00044|America/Caracas|1619470|479
    3652462|Quito|Pichincha|Ecuador|EC|-0.22985|-78.52495|America/Guayaquil|2781641|2850
    3657509|Guayaquil|Guayas|Ecuador|EC|-2.19616|-79.88621|America/Guayaquil|2723665|4
    3936456|Lima|Lima region|Peru|PE|-12.04318|-77.02824|America/Lima|7737002|154
    3941584|Cusco|Cusco|Peru|PE|-13.53188|-71.96701|America/Lima|428450|3399
    3911925|La Paz|La Paz|Bolivia|BO|-16.50000|-68.15000|America/La_Paz|2004652|3640
    3871336|Santiago|Santiago Metropolitan|Chile|CL|-33.45694|-70.64827|America/Santiago|4837295|570
    3868626|Valparaíso|Valparaíso|Chile|CL|-33.03600|-71.62963|America/Santiago|282448|10
    3435910|Buenos Aires|Buenos Aires F.D.|Argentina|AR|-34.61315|-58.37723|America/Argentina/Buenos_Aires|2891082|25
    3860259|Córdoba|Córdoba|Argentina|AR|-31.40648|-64.18853|America/Argentina/Cordoba|2106734|390
    3441575|Montevideo|Montevideo|Uruguay|UY|-34.90328|-56.18816|America/Montevideo|1270737|43
    3439389|Asunción|Asunción|Paraguay|PY|-25.28646|-57.64700|America/Asuncion|1482200|43
    3448439|São Paulo|São Paulo|Brazil|BR|-23.54750|-46.63611|America/Sao_Paulo|12400232|760
    3451190|Rio de Janeiro|Rio de Janeiro|Brazil|BR|-22.90642|-43.18223|America/Sao_Paulo|6747815|5
    3469058|Brasília|Federal District|Brazil|BR|-15.77972|-47.92972|America/Sao_Paulo|2207718|1172
    3450554|Salvador|Bahia|Brazil|BR|-12.97563|-38.49096|America/Bahia|2711840|8
    3390760|Recife|Pernambuco|Brazil|BR|-8.05389|-34.88111|America/Recife|1653461|4
    3663517|Manaus|Amazonas|Brazil|BR|-3.10194|-60.02500|America/Manaus|2219580|92
    360630|Cairo|Cairo|Egypt|EG|30.06263|31.24967|Africa/Cairo|9606916|23
    361058|Alexandria|Alexandria|Egypt|EG|31.20176|29.91582|Africa/Cairo|5263542|5
    361291|Hurghada|Red Sea|Egypt|EG|27.25738|33.81291|Africa/Cairo|207132|14
    349340|Sharm el-Sheikh|South Sinai|Egypt|EG|27.91582|34.32995|Africa/Cairo|38478|10
    2553604|Casablanca|Casablanca-Settat|Morocco|MA|33.58831|-7.61138|Africa/Casablanca|3665954|27
    2538475|Rabat|Rabat-Salé-Kénitra|Morocco|MA|34.01325|-6.83255|Africa/Casablanca|1655753|75
    2542997|Marrakesh|Marrakesh-Safi|Morocco|MA|31.63416|-7.99994|Africa/Casablanca|995871|466
    2548885|Fes|Fès-Meknès|Morocco|MA|34.03313|-5.00028|Africa/Casablanca|1191905|410
    2561668|Agadir|Souss-Massa|Morocco|MA|30.42018|-9.59815|Africa/Casablanca|698310|74
    2464470|Tunis|Tunis|Tunisia|TN|36.81897|10.16579|Africa/Tunis|693210|10
    2507480|Algiers|Algiers|Algeria|DZ|36.73225|3.08746|Africa/Algiers|2364230|20
    2210247|Tripoli|Tripoli|Libya|LY|32.88743|13.18733|Africa/Tripoli|1302947|16
    2253354|Dakar|Dakar|Senegal|SN|14.69370|-17.44406|Africa/Dakar|2646503|22
    2293538|Abidjan|Abidjan|Ivory Coast|CI|5.35444|-4.00167|Africa/Abidjan|6321017|18
    2306104|Accra|Greater Accra|Ghana|GH|5.55602|-0.19690|Africa/Accra|1963264|61
    2332459|Lagos|Lagos|Nigeria|NG|6.45407|3.39467|Africa/Lagos|15388000|41
    2352778|Abuja|FCT|Nigeria|NG|9.05785|7.49508|Africa/Lagos|2690000|476
    344979|Addis Ababa|Addis Ababa|Ethiopia|ET|9.02497|38.74689|Africa/Addis_Ababa|3860000|2355
    184745|Nairobi|Nairobi|Kenya|KE|-1.28333|36.81667|Africa/Nairobi|4397073|1795
    232422|Kampala|Central Region|Uganda|UG|0.31628|32.58219|Africa/Kampala|1680600|1190
    202061|Kigali|Kigali|Rwanda|RW|-1.94995|30.05885|Africa/Kigali|1132686|1567
    160263|Dar es Salaam|Dar es Salaam|Tanzania|TZ|-6.82349|39.26951|Africa/Dar_es_Salaam|5383728|14
    2314302|Kinshasa|Kinshasa|Democratic Republic of the Congo|CD|-4.32758|15.31357|Africa/Kinshasa|16000000|240
    2240449|Luanda|Luanda|Angola|AO|-8.83682|13.23432|Africa/Luanda|2776168|74
    909137|Lusaka|Lusaka|Zambia|ZM|-15.40669|28.28713|Africa/Lusaka|2212301|1279
    890299|Harare|Harare|Zimbabwe|ZW|-17.82772|31.05337|Africa/Harare|1542813|1490
    1040652|Maputo|Maputo City|Mozambique|MZ|-25.96553|32.58322|Africa/Maputo|1254837|47
    1070940|Antananarivo|Analamanga|Madagascar|MG|-18.91368|47.53613|Indian/Antananarivo|1349501|1280
    3352136|Windhoek|Khomas|Namibia|NA|-22.55941|17.08323|Africa/Windhoek|386219|1655
    993800|Johannesburg|Gauteng|South Africa|ZA|-26.20227|28.04363|Africa/Johannesburg|9418183|1753
    964137|Pretoria|Gauteng|South Africa|ZA|-25.74486|28.18783|Africa/Johannesburg|2112693|1339
    3369157|Cape Town|Western Cape|South Africa|ZA|-33.92584|18.42322|Africa/Johannesburg|4772846|25
    1007311|Durban|KwaZulu-Natal|South Africa|ZA|-29.85790|31.02920|Africa/Johannesburg|3338026|8
    293397|Tel Aviv|Tel Aviv|Israel|IL|32.08088|34.78057|Asia/Jerusalem|432892|5
    281184|Jerusalem|Jerusalem|Israel|IL|31.76904|35.21633|Asia/Jerusalem|971800|754
    250441|Amman|Amman|Jordan|JO|31.95522|35.94503|Asia/Amman|1275857|777
    276781|Beirut|Beyrouth|Lebanon|LB|33.89332|35.50157|Asia/Beirut|1916100|56
    266826|Tripoli|North Governorate|Lebanon|LB|34.43352|35.84415|Asia/Beirut|229398|12
    170654|Damascus|Damascus|Syria|SY|33.51020|36.29128|Asia/Damascus|1569394|680
    98182|Baghdad|Baghdad|Iraq|IQ|33.34058|44.40088|Asia/Baghdad|7216000|34
    112931|Tehran|Tehran|Iran|IR|35.69439|51.42151|Asia/Tehran|7153309|1189
    108410|Riyadh|Riyadh Region|Saudi Arabia|SA|24.68773|46.72185|Asia/Riyadh|4205961|612
    105343|Jeddah|Makkah Region|Saudi Arabia|SA|21.49012|39.18624|Asia/Riyadh|4697000|12
    285787|Kuwait City|Al Asimah|Kuwait|KW|29.36700|47.97429|Asia/Kuwait|60064|15
    290030|Doha|Baladiyat ad Dawhah|Qatar|QA|25.28545|51.53096|Asia/Qatar|344939|10
    292223|Dubai|Dubai|United Arab Emirates|AE|25.07725|55.30927|Asia/Dubai|3790000|16
    292968|Abu Dhabi|Abu Dhabi|United Arab Emirates|AE|24.45118|54.39696|Asia/Dubai|1807000|27
    287286|Muscat|Muscat|Oman|OM|23.58413|58.40778|Asia/Muscat|797000|15
    1275339|Mumbai|Maharashtra|India|IN|19.07283|72.88261|Asia/Kolkata|12691836|14
    1273294|Delhi|Delhi|India|IN|28.65195|77.23149|Asia/Kolkata|11034555|216
    1261481|New Delhi|Delhi|India|IN|28.62137|77.21480|Asia/Kolkata|317797|216
    1277333|Bengaluru|Karnataka|India|IN|12.97194|77.59369|Asia/Kolkata|8495492|920
    1264527|Chennai|Tamil Nadu|India|IN|13.08784|80.27847|Asia/Kolkata|4681087|6
    1275004|Kolkata|West Bengal|India|IN|22.56263|88.36304|Asia/Kolkata|4631392|9
    1269843|Hyderabad|Telangana|India|IN|17.38405|78.45636|Asia/Kolkata|6993262|542
    1176734|Hyderabad|Sindh|Pakistan|PK|25.39689|68.37718|Asia/Karachi|1921275|13
    1174872|Karachi|Sindh|Pakistan|PK|24.86080|67.01040|Asia/Karachi|11624219|8
    1172451|Lahore|Punjab|Pakistan|PK|31.55800|74.35071|Asia/Karachi|13004135|217
    1176615|Islamabad|Islamabad|Pakistan|PK|33.72148|73.04329|Asia/Karachi|601600|540
    1185241|Dhaka|Dhaka Division|Bangladesh|BD|23.71040|90.40744|Asia/Dhaka|10356500|4
    1283240|Kathmandu|Bagmati Province|Nepal|NP|27.70169|85.32060|Asia/Kathmandu|1442271|1400
    1248991|Colombo|Western Province|Sri Lanka|LK|6.93548|79.84868|Asia/Colombo|648034|5
    1512569|Tashkent|Tashkent|Uzbekistan|UZ|41.26465|69.21627|Asia/Tashkent|1978028|455
    1526384|Almaty|Almaty|Kazakhstan|KZ|43.25249|76.91150|Asia/Almaty|1977011|848
    1526273|Astana|Astana|Kazakhstan|KZ|51.18010|71.44598|Asia/Almaty|1544142|347
    1850147|Tokyo|Tokyo|Japan|JP|35.68950|139.69171|Asia/Tokyo|9733276|40
    1853909|Osaka|Osaka|Japan|JP|34.69379|135.50107|Asia/Tokyo|2753862|12
    1857910|Kyoto|Kyoto|Japan|JP|35.02107|135.75385|Asia/Tokyo|1463723|50
    2128295|Sapporo|Hokkaido|Japan|JP|43.06667|141.35000|Asia/Tokyo|1973832|29
    1835848|Seoul|Seoul|South Korea|KR|37.56600|126.97840|Asia/Seoul|10349312|38
    1838524|Busan|Busan|South Korea|KR|35.10168|129.03004|Asia/Seoul|3285147|10
    1816670|Beijing|Beijing|China|CN|39.90750|116.39723|Asia/Shanghai|18960744|44
    1796236|Shanghai|Shanghai|China|CN|31.22222|121.45806|Asia/Shanghai|24874500|4
    1809858|Guangzhou|Guangdong|China|CN|23.11667|113.25000|Asia/Shanghai|16096724|21
    1795565|Shenzhen|Guangdong|China|CN|22.54554|114.06830|Asia/Shanghai|17494398|4
    1815286|Chengdu|Sichuan|China|CN|30.66667|104.06667|Asia/Shanghai|13568357|500
    1819729|Hong Kong|Hong Kong|Hong Kong|HK|22.27832|114.17469|Asia/Hong_Kong|7396076|32
    1668341|Taipei|Taipei|Taiwan|TW|25.05306|121.52639|Asia/Taipei|7871900|9
    2028462|Ulaanbaatar|Ulaanbaatar|Mongolia|MN|47.90771|106.88324|Asia/Ulaanbaatar|844818|1350
    1701668|Manila|Metro Manila|Philippines|PH|14.60420|120.98220|Asia/Manila|1600000|5
    1609350|Bangkok|Bangkok|Thailand|TH|13.75398|100.50144|Asia/Bangkok|5104476|4
    1581130|Hanoi|Hanoi|Vietnam|VN|21.02450|105.84117|Asia/Bangkok|8053663|12
    1566083|Ho Chi Minh City|Ho Chi Minh|Vietnam|VN|10.82302|106.62965|Asia/Ho_Chi_Minh|14002598|19
    1821306|Phnom Penh|Phnom Penh|Cambodia|KH|11.56245|104.91601|Asia/Phnom_Penh|1573544|12
    1651944|Vientiane|Vientiane Prefecture|Laos|LA|17.96667|102.60000|Asia/Vientiane|840940|174
    1298824|Yangon|Yangon|Myanmar|MM|16.80528|96.15611|Asia/Yangon|4477638|23
    1735161|Kuala Lumpur|Kuala Lumpur|Malaysia|MY|3.14120|101.68653|Asia/Kuala_Lumpur|1453975|56
    1880252|Singapore|Singapore|Singapore|SG|1.28967|103.85007|Asia/Singapore|5638700|15
    1642911|Jakarta|Jakarta|Indonesia|ID|-6.21462|106.84513|Asia/Jakarta|8540121|8
    1645528|Denpasar|Bali|Indonesia|ID|-8.65000|115.21667|Asia/Makassar|670210|31
    2147714|Sydney|New South Wales|Australia|AU|-33.86785|151.20732|Australia/Sydney|5638830|58
    2158177|Melbourne|Victoria|Australia|AU|-37.81400|144.96332|Australia/Melbourne|5435590|31
    2174003|Brisbane|Queensland|Australia|AU|-27.46794|153.02809|Australia/Brisbane|2780063|28
    2063523|Perth|Western Australia|Australia|AU|-31.95224|115.86140|Australia/Perth|2384371|31
    2078025|Adelaide|South Australia|Australia|AU|-34.92866|138.59863|Australia/Adelaide|1469163|50
    2172517|Canberra|Australian Capital Territory|Australia|AU|-35.28346|149.12807|Australia/Sydney|367752|578
    2163355|Hobart|Tasmania|Australia|AU|-42.87936|147.32941|Australia/Hobart|254930|54
    2073124|Darwin|Northern Territory|Australia|AU|-12.46113|130.84185|Australia/Darwin|139902|30
    2193733|Auckland|Auckland|New Zealand|NZ|-36.84853|174.76349|Pacific/Auckland|1547200|26
    2179537|Wellington|Wellington|New Zealand|NZ|-41.28664|174.77557|Pacific/Auckland|381900|19
    2192362|Christchurch|Canterbury|New Zealand|NZ|-43.53333|172.63333|Pacific/Auckland|419200|13
    9000002|Queenstown|Otago|New Zealand|NZ|-45.03023|168.66271|Pacific/Auckland|15850|310
    2198148|Suva|Central|Fiji|FJ|-18.13683|178.42531|Pacific/Fiji|77366|6
    2088122|Port Moresby|National Capital|Papua New Guinea|PG|-9.47723|147.15089|Pacific/Port_Moresby|283733|35
    2139521|Nouméa|South Province|New Caledonia|NC|-22.27407|166.44884|Pacific/Noumea|93060|10
    4033936|Papeete|Windward Islands|French Polynesia|PF|-17.53470|-149.56843|Pacific/Tahiti|26357|2
    4035413|Apia|Tuamasaga|Samoa|WS|-13.83333|-171.76666|Pacific/Apia|40407|2
    9000003|McMurdo Station|Ross Dependency|Antarctica|AQ|-77.84639|166.66833|Antarctica/McMurdo|1258|10
    """
}
