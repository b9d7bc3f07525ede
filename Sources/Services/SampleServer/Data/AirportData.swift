/// Real airports for the flights API: one per line,
/// `code|name|city|country|latitude|longitude|timezone`.
/// Each `city` is a `name` in ``PlaceData`` so every destination has weather.
enum AirportData {
    static let lines = """
    LGW|London Gatwick Airport|London|United Kingdom|51.14810|-0.19028|Europe/London
    LTN|London Luton Airport|London|United Kingdom|51.87470|-0.36833|Europe/London
    STN|London Stansted Airport|London|United Kingdom|51.88500|0.23500|Europe/London
    BRS|Bristol Airport|Bristol|United Kingdom|51.38270|-2.71909|Europe/London
    MAN|Manchester Airport|Manchester|United Kingdom|53.35370|-2.27495|Europe/London
    LPL|Liverpool John Lennon Airport|Liverpool|United Kingdom|53.33360|-2.84972|Europe/London
    NCL|Newcastle International Airport|Newcastle upon Tyne|United Kingdom|55.03750|-1.69167|Europe/London
    EDI|Edinburgh Airport|Edinburgh|United Kingdom|55.95000|-3.37250|Europe/London
    GLA|Glasgow Airport|Glasgow|United Kingdom|55.87190|-4.43306|Europe/London
    ABZ|Aberdeen International Airport|Aberdeen|United Kingdom|57.20190|-2.19778|Europe/London
    INV|Inverness Airport|Inverness|United Kingdom|57.54250|-4.04750|Europe/London
    BFS|Belfast International Airport|Belfast|United Kingdom|54.65750|-6.21583|Europe/London
    DUB|Dublin Airport|Dublin|Ireland|53.42130|-6.27007|Europe/Dublin
    ORK|Cork Airport|Cork|Ireland|51.84130|-8.49111|Europe/Dublin
    GVA|Geneva Airport|Geneva|Switzerland|46.23810|6.10895|Europe/Zurich
    BSL|EuroAirport Basel Mulhouse Freiburg|Basel|France|47.58960|7.52991|Europe/Paris
    ZRH|Zurich Airport|Zürich|Switzerland|47.46470|8.54917|Europe/Zurich
    CDG|Paris Charles de Gaulle Airport|Paris|France|49.01280|2.55000|Europe/Paris
    ORY|Paris Orly Airport|Paris|France|48.72530|2.35944|Europe/Paris
    NCE|Nice Côte d'Azur Airport|Nice|France|43.65840|7.21587|Europe/Paris
    LYS|Lyon-Saint-Exupéry Airport|Lyon|France|45.72640|5.09083|Europe/Paris
    MRS|Marseille Provence Airport|Marseille|France|43.43927|5.22142|Europe/Paris
    BOD|Bordeaux-Mérignac Airport|Bordeaux|France|44.82830|-0.71556|Europe/Paris
    TLS|Toulouse-Blagnac Airport|Toulouse|France|43.62910|1.36382|Europe/Paris
    NTE|Nantes Atlantique Airport|Nantes|France|47.15320|-1.61073|Europe/Paris
    AMS|Amsterdam Airport Schiphol|Amsterdam|Netherlands|52.30860|4.76389|Europe/Amsterdam
    BRU|Brussels Airport|Brussels|Belgium|50.90139|4.48444|Europe/Brussels
    BER|Berlin Brandenburg Airport|Berlin|Germany|52.36217|13.50067|Europe/Berlin
    HAM|Hamburg Airport|Hamburg|Germany|53.63040|9.98823|Europe/Berlin
    MUC|Munich Airport|Munich|Germany|48.35380|11.78610|Europe/Berlin
    VIE|Vienna International Airport|Vienna|Austria|48.11030|16.56970|Europe/Vienna
    SZG|Salzburg Airport|Salzburg|Austria|47.79330|13.00430|Europe/Vienna
    INN|Innsbruck Airport|Innsbruck|Austria|47.26020|11.34400|Europe/Vienna
    MXP|Milan Malpensa Airport|Milan|Italy|45.63060|8.72811|Europe/Rome
    LIN|Milan Linate Airport|Milan|Italy|45.44510|9.27674|Europe/Rome
    FCO|Leonardo da Vinci-Fiumicino Airport|Rome|Italy|41.80450|12.25080|Europe/Rome
    NAP|Naples International Airport|Naples|Italy|40.88600|14.29080|Europe/Rome
    VCE|Venice Marco Polo Airport|Venice|Italy|45.50530|12.35190|Europe/Rome
    BLQ|Bologna Guglielmo Marconi Airport|Bologna|Italy|44.53540|11.28870|Europe/Rome
    PSA|Pisa International Airport|Pisa|Italy|43.68390|10.39270|Europe/Rome
    TRN|Turin Airport|Turin|Italy|45.20080|7.64963|Europe/Rome
    CTA|Catania-Fontanarossa Airport|Catania|Italy|37.46680|15.06640|Europe/Rome
    PMO|Palermo Falcone-Borsellino Airport|Palermo|Italy|38.17600|13.09100|Europe/Rome
    BRI|Bari Karol Wojtyła Airport|Bari|Italy|41.13890|16.76060|Europe/Rome
    OLB|Olbia Costa Smeralda Airport|Olbia|Italy|40.89870|9.51763|Europe/Rome
    BCN|Josep Tarradellas Barcelona-El Prat Airport|Barcelona|Spain|41.29710|2.07846|Europe/Madrid
    MAD|Adolfo Suárez Madrid-Barajas Airport|Madrid|Spain|40.49360|-3.56676|Europe/Madrid
    AGP|Málaga-Costa del Sol Airport|Málaga|Spain|36.67490|-4.49911|Europe/Madrid
    PMI|Palma de Mallorca Airport|Palma|Spain|39.55170|2.73881|Europe/Madrid
    ALC|Alicante-Elche Miguel Hernández Airport|Alicante|Spain|38.28220|-0.55816|Europe/Madrid
    VLC|Valencia Airport|Valencia|Spain|39.48930|-0.48162|Europe/Madrid
    SVQ|Seville Airport|Seville|Spain|37.41800|-5.89311|Europe/Madrid
    BIO|Bilbao Airport|Bilbao|Spain|43.30110|-2.91061|Europe/Madrid
    IBZ|Ibiza Airport|Ibiza|Spain|38.87290|1.37312|Europe/Madrid
    TFS|Tenerife South Airport|Santa Cruz de Tenerife|Spain|28.04450|-16.57250|Atlantic/Canary
    LPA|Gran Canaria Airport|Las Palmas de Gran Canaria|Spain|27.93190|-15.38660|Atlantic/Canary
    ACE|César Manrique-Lanzarote Airport|Arrecife|Spain|28.94550|-13.60520|Atlantic/Canary
    FUE|Fuerteventura Airport|Puerto del Rosario|Spain|28.45270|-13.86380|Atlantic/Canary
    LIS|Humberto Delgado Airport|Lisbon|Portugal|38.78130|-9.13592|Europe/Lisbon
    OPO|Francisco Sá Carneiro Airport|Porto|Portugal|41.24810|-8.68139|Europe/Lisbon
    FAO|Faro Airport|Faro|Portugal|37.01440|-7.96591|Europe/Lisbon
    FNC|Madeira International Airport|Funchal|Portugal|32.69790|-16.77450|Europe/Lisbon
    ATH|Athens International Airport Eleftherios Venizelos|Athens|Greece|37.93640|23.94450|Europe/Athens
    SKG|Thessaloniki Airport Makedonia|Thessaloniki|Greece|40.51970|22.97090|Europe/Athens
    HER|Heraklion International Airport Nikos Kazantzakis|Heraklion|Greece|35.33970|25.18030|Europe/Athens
    CHQ|Chania International Airport Ioannis Daskalogiannis|Chania|Greece|35.53170|24.14970|Europe/Athens
    RHO|Rhodes International Airport Diagoras|Rhodes|Greece|36.40540|28.08620|Europe/Athens
    CFU|Corfu International Airport Ioannis Kapodistrias|Corfu|Greece|39.60190|19.91170|Europe/Athens
    SPU|Split Airport|Split|Croatia|43.53890|16.29800|Europe/Zagreb
    DBV|Dubrovnik Airport|Dubrovnik|Croatia|42.56140|18.26820|Europe/Zagreb
    ZAD|Zadar Airport|Zadar|Croatia|44.10830|15.34670|Europe/Zagreb
    PUY|Pula Airport|Pula|Croatia|44.89350|13.92220|Europe/Zagreb
    LJU|Ljubljana Jože Pučnik Airport|Ljubljana|Slovenia|46.22370|14.45760|Europe/Ljubljana
    PRG|Václav Havel Airport Prague|Prague|Czechia|50.10080|14.26000|Europe/Prague
    BUD|Budapest Ferenc Liszt International Airport|Budapest|Hungary|47.43690|19.25560|Europe/Budapest
    KRK|Kraków John Paul II International Airport|Kraków|Poland|50.07770|19.78480|Europe/Warsaw
    GDN|Gdańsk Lech Wałęsa Airport|Gdańsk|Poland|54.37760|18.46620|Europe/Warsaw
    WRO|Wrocław Copernicus Airport|Wrocław|Poland|51.10270|16.88580|Europe/Warsaw
    CPH|Copenhagen Airport|Copenhagen|Denmark|55.61790|12.65600|Europe/Copenhagen
    ARN|Stockholm Arlanda Airport|Stockholm|Sweden|59.65190|17.91860|Europe/Stockholm
    GOT|Göteborg Landvetter Airport|Gothenburg|Sweden|57.66280|12.27980|Europe/Stockholm
    OSL|Oslo Airport Gardermoen|Oslo|Norway|60.19390|11.10040|Europe/Oslo
    BGO|Bergen Airport Flesland|Bergen|Norway|60.29340|5.21814|Europe/Oslo
    TOS|Tromsø Airport|Tromsø|Norway|69.68330|18.91890|Europe/Oslo
    HEL|Helsinki Airport|Helsinki|Finland|60.31720|24.96330|Europe/Helsinki
    KEF|Keflavík International Airport|Reykjavík|Iceland|63.98500|-22.60560|Atlantic/Reykjavik
    TLL|Lennart Meri Tallinn Airport|Tallinn|Estonia|59.41330|24.83280|Europe/Tallinn
    RIX|Riga International Airport|Riga|Latvia|56.92360|23.97110|Europe/Riga
    VNO|Vilnius Airport|Vilnius|Lithuania|54.63410|25.28580|Europe/Vilnius
    MLA|Malta International Airport|Valletta|Malta|35.85750|14.47750|Europe/Malta
    LCA|Larnaca International Airport|Larnaca|Cyprus|34.87510|33.62490|Asia/Nicosia
    PFO|Paphos International Airport|Paphos|Cyprus|34.71800|32.48570|Asia/Nicosia
    TLV|Ben Gurion Airport|Tel Aviv|Israel|32.01140|34.88670|Asia/Jerusalem
    AMM|Queen Alia International Airport|Amman|Jordan|31.72260|35.99320|Asia/Amman
    RAK|Marrakesh Menara Airport|Marrakesh|Morocco|31.60690|-8.03630|Africa/Casablanca
    AGA|Agadir-Al Massira Airport|Agadir|Morocco|30.32500|-9.41307|Africa/Casablanca
    HRG|Hurghada International Airport|Hurghada|Egypt|27.17830|33.79940|Africa/Cairo
    SSH|Sharm El Sheikh International Airport|Sharm el-Sheikh|Egypt|27.97730|34.39500|Africa/Cairo
    SOF|Sofia Airport|Sofia|Bulgaria|42.69669|23.41144|Europe/Sofia
    VAR|Varna Airport|Varna|Bulgaria|43.23210|27.82510|Europe/Sofia
    OTP|Henri Coandă International Airport|Bucharest|Romania|44.57220|26.10220|Europe/Bucharest
    BEG|Belgrade Nikola Tesla Airport|Belgrade|Serbia|44.81840|20.30910|Europe/Belgrade
    TIA|Tirana International Airport Nënë Tereza|Tirana|Albania|41.41470|19.72060|Europe/Tirane
    SJJ|Sarajevo International Airport|Sarajevo|Bosnia and Herzegovina|43.82460|18.33150|Europe/Sarajevo
    TGD|Podgorica Airport|Podgorica|Montenegro|42.35940|19.25190|Europe/Podgorica
    AYT|Antalya Airport|Antalya|Turkey|36.89870|30.80050|Europe/Istanbul
    ADB|İzmir Adnan Menderes Airport|İzmir|Turkey|38.29240|27.15700|Europe/Istanbul
    IST|Istanbul Airport|Istanbul|Turkey|41.27533|28.75200|Europe/Istanbul
    """
}
