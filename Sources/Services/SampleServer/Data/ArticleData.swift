/// The news API's articles, written for the sample server (not real news): blocks of eight
/// lines separated by a blank line — category, minutes before the server's now it was
/// published, source id or `-`, source name, author or `-`, title, description or `-`,
/// content.
enum ArticleData {
    static let blocks = """
    business
    18
    reuters
    Reuters
    Maria Lindqvist
    Northwind Freight lifts annual forecast as shipping costs ease - Reuters
    The logistics group said lower fuel prices and steadier container rates helped third-quarter margins beat expectations.
    Northwind Freight raised its full-year profit outlook on Tuesday after a stronger-than-expected third quarter, citing lower fuel costs and a recovery in trans-Atlantic container volumes. The company… [+4262 chars]

    business
    95
    bloomberg
    Bloomberg
    Daniel Okafor
    Small-Cap Stocks Rally as Bond Yields Drift Lower - Bloomberg
    -
    Shares of smaller companies climbed for a fourth straight session as government bond yields edged down, easing concerns about borrowing costs for firms that rely more heavily on floating-rate debt… [+3081 chars]

    business
    240
    business-insider
    Business Insider
    Priya Raman
    A family bakery chain is expanding to 40 stores. Here’s how it grew without outside investors - Business Insider
    Crumb & Co. started as a single storefront in 2009. Its owners say slow growth and a short menu kept the business profitable.
    When the owners of Crumb & Co. opened their first shop, they sold four kinds of bread and one cake. Fifteen years later the chain is preparing to open its 40th location, and the menu is still… [+1116 chars]

    business
    610
    -
    Retail Dive
    Tomás Herrera
    Regional grocer Greenfield Markets tests checkout-free stores in three towns - Retail Dive
    Shoppers scan items with their phones and walk out; the company says staff will move to restocking and customer service.
    Greenfield Markets will trial checkout-free shopping at three of its stores starting next month, letting customers scan products with a phone app and pay automatically as they leave. The regional… [+4777 chars]

    business
    1015
    fortune
    Fortune
    -
    Why more midsize companies are settling on a four-day office week - Fortune
    A new survey of 1,200 employers suggests the hybrid debate is quietly converging on a compromise.
    After several years of back-and-forth over remote work, a growing share of midsize employers say they have landed on the same answer: four days in the office, one day at home. The survey found that… [+3091 chars]

    business
    1730
    the-wall-street-journal
    The Wall Street Journal
    Helen Marsh
    Lumen Airways Orders 30 Narrow-Body Jets in Fleet Renewal - The Wall Street Journal
    The low-cost carrier plans to retire its oldest aircraft by the end of the decade and says the new jets burn up to 20% less fuel.
    Lumen Airways said it had placed a firm order for 30 narrow-body aircraft, with options for 20 more, as part of a plan to replace its oldest planes by the end of the decade. Deliveries are scheduled… [+4629 chars]

    business
    2540
    associated-press
    Associated Press
    Carlos Mendes
    Mortgage applications rise for third straight week as rates dip - Associated Press
    -
    Applications for home loans rose for a third consecutive week as average mortgage rates slipped to their lowest level in several months, according to a weekly survey of lenders. Refinancing activity… [+3296 chars]

    entertainment
    7
    -
    Variety
    Rosa Delgado
    ‘The Lantern Keepers’ Renewed for Third Season at Halcyon+ - Variety
    The fantasy drama about a family of lighthouse keepers will return next year with two new cast members.
    Halcyon+ has renewed “The Lantern Keepers” for a third season, the streaming service announced Thursday. The fantasy drama, which follows three generations of a family tending a lighthouse on a… [+3149 chars]

    entertainment
    130
    entertainment-weekly
    Entertainment Weekly
    Jordan Ames
    Indie band Paper Satellites announces 28-city reunion tour - Entertainment Weekly
    The group, which split a decade ago, will play its debut album in full on every night of the tour.
    Paper Satellites are getting back together. The indie rock band, which went on hiatus ten years ago after releasing three albums, will embark on a 28-city tour this autumn and perform its debut… [+2786 chars]

    entertainment
    355
    -
    Deadline
    Mark Ellison
    Animated Feature ‘Moss & Marrow’ Tops Weekend Box Office With $41M Opening - Deadline
    The hand-drawn adventure beat tracking by nearly $10 million, led by strong family turnout.
    “Moss & Marrow” opened to an estimated $41 million over the weekend, comfortably ahead of industry projections and the best start for an original animated film this year. The hand-drawn adventure… [+4228 chars]

    entertainment
    820
    ign
    IGN
    Kenji Watanabe
    Starfall Odyssey Review: A Sprawling Space Opera That Mostly Sticks the Landing - IGN
    A huge galaxy, memorable companions and a few too many fetch quests.
    Starfall Odyssey wants to be everything at once: a ship-building sim, a trading game, a branching role-playing story and a tactical shooter. Remarkably, it pulls off most of those ambitions, though… [+4653 chars]

    entertainment
    1290
    -
    Billboard
    -
    Folk Duo The Hollow Pines Earn First No. 1 Album - Billboard
    -
    The Hollow Pines have their first chart-topping album. The folk duo’s fourth studio release, recorded in a converted barn over eleven days, debuted at No. 1 on the albums chart this week, driven by… [+3615 chars]

    entertainment
    1975
    bbc-news
    BBC News
    Fiona Gallagher
    Village theatre group’s musical transfers to West End stage - BBC News
    A show first performed in a church hall will open at a London theatre in the spring.
    A musical written and first staged by an amateur theatre group in a small village hall is to transfer to London’s West End. The show, about a brass band trying to save its rehearsal room, sold out a… [+2171 chars]

    entertainment
    2760
    -
    The Hollywood Reporter
    Aaron Whitfield
    Harbourlight Film Festival Unveils Lineup Featuring 14 Debut Directors - The Hollywood Reporter
    The festival’s competition section includes films from 22 countries, with documentaries making up a third of the slate.
    The Harbourlight Film Festival has announced its main competition lineup, with 14 of the 31 selected films coming from first-time feature directors. Organisers said this year’s submissions reached a… [+2413 chars]

    general
    3
    associated-press
    Associated Press
    -
    Heavy snow closes mountain highway for hours as early storm sweeps region - Associated Press
    Crews reopened the pass by late afternoon; forecasters expect milder weather by the weekend.
    An early-season storm dropped more than 40 centimetres of snow on a mountain pass overnight, closing a major highway for several hours while crews cleared stranded vehicles. No serious injuries were… [+1441 chars]

    general
    52
    bbc-news
    BBC News
    -
    Library book returned 63 years late, with a note of apology - BBC News
    Staff say the novel, borrowed in the early 1960s, arrived by post in good condition.
    A library has received a novel that was due back 63 years ago, along with a handwritten note apologising for the delay. Staff said the book was in remarkably good condition and that no fine would be… [+3096 chars]

    general
    410
    reuters
    Reuters
    Sofia Brandt
    City of Eastbrook unveils plan for 120 km of new cycle lanes - Reuters
    The ten-year plan would link every district to the city centre by protected bike routes.
    The city of Eastbrook on Wednesday unveiled a ten-year plan to build 120 kilometres of protected cycle lanes, aiming to connect every district to the centre. Officials said the first 15 kilometres… [+1444 chars]

    general
    905
    cnn
    CNN
    Jordan Blake
    Volunteers restore century-old lighthouse on remote island - CNN
    -
    It took four summers, two boats and more than 200 volunteers, but the lighthouse on Gull Rock is shining again. The 112-year-old tower was decommissioned decades ago; a local heritage trust raised… [+5031 chars]

    general
    1440
    al-jazeera-english
    Al Jazeera English
    Amira Haddad
    Coastal towns prepare for exceptionally high spring tides - Al Jazeera English
    Authorities have issued flood warnings for low-lying streets and advised residents to move cars away from seafronts.
    Coastal communities are preparing for some of the highest tides of the year this weekend, as the new moon coincides with strong onshore winds. Local authorities have placed sandbags along vulnerable… [+2315 chars]

    general
    2215
    the-washington-post
    The Washington Post
    Ellen Cho
    Why your city’s streetlights are turning amber - The Washington Post
    Many cities are swapping harsh white LEDs for warmer bulbs. Here’s what’s behind the change.
    If the streets in your neighbourhood look a little warmer at night, you are not imagining it. A growing number of cities are replacing bright white LED streetlights with amber-toned ones, citing… [+4507 chars]

    health
    24
    medical-news-today
    Medical News Today
    Hannah Price
    Short walks after meals may help steady blood sugar, small study suggests - Medical News Today
    Participants who walked for ten minutes after eating had smaller glucose spikes than those who sat.
    A brief walk after a meal may blunt the rise in blood sugar that follows eating, according to a small study of 48 adults. Researchers found that ten minutes of light walking was enough to make a… [+4043 chars]

    health
    180
    -
    STAT
    Michael Tran
    Hospital network pilots AI scheduling tool to cut outpatient wait times - STAT
    Early results show fewer empty appointment slots, but clinicians want more data before a wider rollout.
    A regional hospital network is testing software that predicts which patients are likely to miss outpatient appointments and offers those slots to people on waiting lists. In the first three months of… [+1801 chars]

    health
    470
    bbc-news
    BBC News
    -
    Free hearing checks offered at pharmacies in new pilot - BBC News
    Adults over 50 can book a 15-minute screening without seeing a GP first.
    People over the age of 50 will be able to get a free hearing check at their local pharmacy as part of a pilot scheme running in 200 branches. The screening takes about 15 minutes, and anyone who… [+4190 chars]

    health
    1100
    -
    Healthline
    Grace Adeyemi
    What to know about this season’s flu shots - Healthline
    -
    Flu season is approaching, and this year’s vaccines have been updated to match the strains experts expect to circulate most widely. Here is what to know about who should get vaccinated, when to do… [+5116 chars]

    health
    1600
    time
    Time
    Samuel Rivera
    The Quiet Benefits of a Regular Bedtime, According to Sleep Researchers - Time
    Going to bed at the same time each night may matter almost as much as how long you sleep.
    Most sleep advice focuses on getting enough hours. But a growing body of research suggests that consistency matters too: people who go to bed and wake up at roughly the same times each day tend to… [+3269 chars]

    health
    2050
    reuters
    Reuters
    Lena Fischer
    Drugmaker Veridia says late-stage trial of migraine pill met main goal - Reuters
    The company plans to file for regulatory approval early next year.
    Veridia Therapeutics said on Thursday its experimental migraine treatment met the main goal of a late-stage trial, reducing the number of monthly migraine days compared with a placebo. The company… [+1963 chars]

    health
    2880
    -
    Medical Xpress
    -
    Researchers map how gut bacteria respond to a high-fibre diet - Medical Xpress
    A four-week feeding study tracked changes in more than 300 bacterial species.
    A team of researchers has charted how the community of bacteria in the human gut shifts when people switch to a high-fibre diet. Over four weeks, volunteers who doubled their fibre intake saw… [+3689 chars]

    science
    11
    -
    Space.com
    Oliver Grant
    Amateur astronomers spot new comet that could be visible to the naked eye - Space.com
    Comet Halvorsen-Ito will make its closest approach to the Sun in early summer.
    Two amateur astronomers working thousands of kilometres apart have independently discovered a new comet that may become visible without a telescope later this year. The comet, now officially… [+1620 chars]

    science
    260
    new-scientist
    New Scientist
    Chloe Martin
    Deep-sea survey finds a dozen previously unknown species of sponge - New Scientist
    Remotely operated vehicles collected specimens from seamounts more than 2,000 metres down.
    A month-long expedition to a chain of underwater mountains has turned up at least 12 sponge species new to science, along with several crustaceans that researchers are still trying to identify. The… [+1177 chars]

    science
    540
    national-geographic
    National Geographic
    -
    How beavers are helping restore drought-hit wetlands - National Geographic
    Ranchers and ecologists are teaming up to bring back the animals that build nature’s water reservoirs.
    In valleys where streams once dried up by midsummer, water is lingering again, thanks to an unlikely engineer. Reintroduced beavers have built dozens of dams over the past five years, raising the… [+2363 chars]

    science
    1180
    -
    Nature
    Ravi Menon
    Ice cores point to abrupt warming episode at the end of the last ice age - Nature
    Chemical signatures in Greenland ice suggest temperatures rose by several degrees within a few decades.
    New measurements from a Greenland ice core indicate that regional temperatures rose sharply over just a few decades near the end of the last glacial period. The authors say the finding could help… [+4023 chars]

    science
    1515
    ars-technica
    Ars Technica
    Beth Sorensen
    Experimental fusion device holds hot plasma for a record eight minutes - Ars Technica
    The result from the Halden Fusion Laboratory is a milestone for long-pulse operation, though net energy remains far off.
    Researchers at the Halden Fusion Laboratory say their experimental reactor sustained a high-temperature plasma for just over eight minutes, a record for the facility. The team stressed that the… [+4871 chars]

    science
    2330
    -
    Phys.org
    -
    Honeybees remember the sun’s path to navigate on cloudy days, study finds - Phys.org
    -
    Honeybees appear to keep an internal record of where the sun should be in the sky, allowing them to find their way home even under heavy cloud. In experiments with more than 400 tagged bees, foragers… [+4778 chars]

    science
    2690
    wired
    Wired
    Noah Feld
    Citizen Scientists Classified 40,000 Galaxies in a Single Weekend - Wired
    An online project asked volunteers to sort telescope images by shape. The response overwhelmed its organizers.
    The organizers of an online astronomy project expected a few thousand volunteers to help sort images of distant galaxies. Instead, more than 30,000 people signed up in two days and classified the… [+2675 chars]

    sports
    5
    espn
    ESPN
    Marcus Hill
    Harbor City Hawks edge Riverside in overtime thriller - ESPN
    A last-second three-pointer sent the game to overtime before the Hawks pulled away.
    The Harbor City Hawks survived a late collapse to beat Riverside 112-108 in overtime on Saturday night, extending their winning streak to six games. The Hawks led by 14 points with five minutes left… [+4156 chars]

    sports
    75
    bbc-sport
    BBC Sport
    -
    Kingsbridge Rovers sign teenage winger on four-year deal - BBC Sport
    The 18-year-old joins from a second-tier club for an undisclosed fee.
    Kingsbridge Rovers have signed 18-year-old winger Tom Ashby on a four-year contract from a second-tier club for an undisclosed fee. Ashby scored nine goals in 30 league appearances last season and… [+3952 chars]

    sports
    310
    -
    The Athletic
    Nadia Petrova
    How a rebuilt defence turned the Northbay Pioneers into contenders - The Athletic
    Three off-season signings and a new system have made them the hardest team in the league to score against.
    A year ago the Northbay Pioneers conceded more goals than any other team in the league. Now they have the best defensive record in the division. The turnaround began with three low-profile signings… [+4182 chars]

    sports
    720
    fox-sports
    Fox Sports
    -
    Marathon winner sets course record despite strong headwinds - Fox Sports
    -
    Elena Varga won the city marathon on Sunday in a course-record time, pulling clear of the lead pack after 30 kilometres despite gusty headwinds along the waterfront. It was her second major marathon… [+3891 chars]

    sports
    1365
    bleacher-report
    Bleacher Report
    Tyler Grant
    Ranking Every Team’s Biggest Question Heading Into Training Camp - Bleacher Report
    From quarterback battles to aging defenses, every roster has something to prove.
    Training camps open next week, and no team arrives without a question mark. Some are obvious, like the teams still deciding on a starting quarterback. Others are quieter, such as an aging secondary… [+1773 chars]

    sports
    1850
    associated-press
    Associated Press
    Laura Benedetti
    Riders brace for decisive mountain stage as race enters final week - Associated Press
    The overall leader holds a 41-second advantage with three summit finishes remaining.
    The final week of the stage race begins with a brutal mountain stage featuring four categorised climbs and a summit finish at 2,100 metres. The overall leader holds a 41-second advantage, but teams… [+2859 chars]

    sports
    2470
    espn
    ESPN
    Sam Okoye
    Rookie goalkeeper keeps fifth straight clean sheet - ESPN
    The 21-year-old has not conceded in more than 450 minutes of league play.
    Rookie goalkeeper Jonas Eklund kept his fifth consecutive clean sheet on Wednesday as Lakeside FC won 2-0, stretching his shutout streak to more than 450 minutes. Eklund, who joined from the club’s… [+1947 chars]

    technology
    42
    the-verge
    The Verge
    Alex Moreno
    Pixelwave’s new e-reader has a color screen and a two-week battery - The Verge
    The Pixelwave Folio Color costs $199 and ships next month with stylus support.
    Pixelwave is updating its e-reader lineup with the Folio Color, a 7-inch device with a color E Ink display that the company says lasts up to two weeks on a charge. It supports a stylus for… [+3359 chars]

    technology
    150
    techcrunch
    TechCrunch
    Ines Carvalho
    Fernweh raises $18M to build booking tools for small hotels - TechCrunch
    The startup says its software helps independent hotels compete with large chains on direct bookings.
    Fernweh, a startup that makes booking and pricing software for independent hotels, has raised $18 million in a Series A round. The company says more than 1,400 small hotels now use its tools to… [+3869 chars]

    technology
    385
    ars-technica
    Ars Technica
    Peter Lang
    Open source database project ships major release with faster replication - Ars Technica
    Version 5.0 of the project rewrites its replication layer and drops support for older storage formats.
    The maintainers of an open source database project have released version 5.0, the first major update in three years. The headline change is a rewritten replication layer that the developers say cuts… [+2003 chars]

    technology
    665
    wired
    Wired
    -
    The Quiet Rise of the Repairable Laptop - Wired
    Swappable batteries and screw-in keyboards were once niche. Now mainstream manufacturers are paying attention.
    For years, laptops got thinner partly by becoming harder to fix: glued batteries, soldered memory, keyboards riveted in place. A small group of manufacturers bet that people would pay for the… [+3802 chars]

    technology
    1240
    engadget
    Engadget
    Mia Johansson
    Halo Audio’s new earbuds add a built-in hearing test - Engadget
    -
    Halo Audio’s latest wireless earbuds can run a short hearing test and tune their sound profile to the results. The company says the test takes about five minutes and can be repeated at any time. The… [+4941 chars]

    technology
    1955
    -
    Tom’s Hardware
    Victor Chen
    Tested: Arcadia’s new budget graphics card beats last year’s midrange model - Tom’s Hardware
    In our benchmarks the Arcadia R5 delivers smooth 1080p frame rates for half the price of its predecessor.
    Arcadia’s new R5 graphics card is aimed squarely at gamers on a budget, and in our testing it outperformed last year’s midrange model in most titles at 1080p. Power consumption is also lower, making… [+3755 chars]

    technology
    2605
    bbc-news
    BBC News
    -
    Rural broadband scheme connects 10,000 homes ahead of schedule - BBC News
    Engineers used existing utility poles to speed up the rollout in hard-to-reach villages.
    A scheme to bring full-fibre broadband to rural areas has connected its 10,000th home, six months earlier than planned. Engineers said reusing existing utility poles rather than digging new trenches… [+3571 chars]
    """
}
