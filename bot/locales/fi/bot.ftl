# Everything the bot says, in Finnish (suomi). Each language's bot.ftl has the same message ids with
# the same variables ($name, $count, ...) as en/bot.ftl; `make test` checks it. Numbers are formatted
# by Fluent, and plural forms are chosen with [one] / *[other] (Finnish: one, other).
# Card words as Finnish players say them: ässä, kuningas, rouva, jätkä; hertta, ruutu, risti, pata;
# valtti, tikki, tarjous, jakaja, jako (a hand of play), kortit / käsi (the cards you hold).

## Games, cards and names

game-smear = Cutthroat Canadian Smear
game-salad = Canadian Salad
game-smear-short = Smear
game-salad-short = Salad

rank-2 = 2
rank-3 = 3
rank-4 = 4
rank-5 = 5
rank-6 = 6
rank-7 = 7
rank-8 = 8
rank-9 = 9
rank-10 = 10
rank-J = J
rank-Q = Q
rank-K = K
rank-A = A

seat-computer = 🤖 { $name }
seat-away = { $name } (poissa)
nobody = ei kukaan
on = päällä
off = pois

bid-pass = passi
bid-n = tarjous { $bid }

timer-off = pois
timer-seconds = { $seconds } s
timer-minutes = { $minutes } min

table-footer = pöytä { $table }

## Computer levels (the lobby's "Add a computer" menu)

level-random = Satunnainen
level-random-about = Pelaa minkä tahansa sallitun kortin: ihan huvin vuoksi
level-easy = Helppo
level-easy-about = Aloittelijan nyrkkisäännöt
level-normal = Normaali
level-normal-about = Varmaa peliä; tarjoaa sen, mihin käsi riittää
level-hard = Vaikea
level-hard-about = Ajattelee eteenpäin kokeilemalla jakoja, joita se ei näe
level-expert = Mestari
level-expert-about = Vahvin: lukee tarjoukset ja pelaa loppupelin tarkasti

## The lobby

lobby-title-open = { $game } — pöytä auki
lobby-title-started = { $game } — peli alkoi
lobby-title-closed = { $game } — pöytä suljettu
lobby-host = Järjestäjä: { $name }
option-seats = Pelaajia: { $seats }
option-target = Tavoite: { $value }
option-stuck_dealer = Jakajan pakkotarjous: { $on }
option-turn-timer = Vuoroaika: { $timer }
option-coach = Valmentaja päällä (Vinkki-painike; peliä ei lasketa tulostauluun)
lobby-seat = { $n }. { $name }
lobby-seat-computer = { $n }. { $name } ({ $level })
lobby-seat-open = { $n }. (vapaa)
lobby-invited = Kutsuttu takaisin: { $people } — paina Liity.
lobby-help = Järjestäjä voi aloittaa, kun paikkoja on varattu vähintään { $least }; peli alkaa itsestään, kun kaikki paikat ovat täynnä.
lobby-join = Liity
lobby-leave = Poistu
lobby-start = Aloita
lobby-cancel = Peru
lobby-add-computer = Lisää tietokonepelaaja…
lobby-remove-seat = Vapauta paikka (järjestäjä tai Hallitse palvelinta -oikeus)
lobby-remove-option = Paikka { $n }: { $name }

## The table message

show-hand = Näytä korttini
line-dealer = Jakaja: { $name }
line-trick = Tikki { $n }: { $cards }
line-last-trick = Edellinen tikki: { $cards } → tikin vei { $name }
line-scores = Pisteet: { $scores }
turn-bid = ▶ Tarjousvuorossa **{ $name }**
turn-play = ▶ Pelivuorossa **{ $name }**
turn-timed-bid = ▶ Tarjousvuorossa **{ $name }** (aika loppuu { $when })
turn-timed-play = ▶ Pelivuorossa **{ $name }** (aika loppuu { $when })
turn-computer-bid = ▶ { $name } miettii tarjousta
turn-computer-play = ▶ { $name } pelaa
turn-away-bid = ▶ { $name }: tietokone tarjoaa hänen puolestaan, kun hän on poissa
turn-away-play = ▶ { $name }: tietokone pelaa hänen puolestaan, kun hän on poissa
hand-over-title = { $game } — jako { $hand } (päättyi)
hand-over-below = Tämä jako on pelattu: tulos on alla.
table-closed-title = { $game } — pöytä suljettu
table-closed-unrated = Peli päättyi ilman tulosta: mitään ei lasketa tulostauluun.

smear-table-title = Smear — jako { $hand }
smear-line-bids = Tarjoukset: { $bids }
smear-line-bidder = Tarjoaja: { $name } tarjosi **{ $bid }** · Valtti: { $trump }
smear-trump-unknown = ensimmäinen pelattu kortti ratkaisee
smear-line-tally = Tähän mennessä — Korkea: { $high } · Matala: { $low } · Jätkä: { $jack } · Korttipisteet: { $counts }
tally-open = ?
smear-line-needs = { $need ->
    [0] { $name } on jo saanut kaikki tarjouksen vaatimat pisteet (jos tarjous pitää, jokainen piste lasketaan).
    [one] { $name } tarvitsee vielä 1 pisteen (Korkea, Matala, Jätkä tai Peli).
   *[other] { $name } tarvitsee vielä { $need } pistettä (Korkea, Matala, Jätkä tai Peli).
}
smear-line-scores = Pisteet (tavoite { $target }): { $scores }

salad-table-title = Salad — jako { $contract }/6: { $name }
salad-line-rule = Sakkopisteet tässä jaossa: { $penalty }
salad-taken = { $name } { $tricks ->
    [one] 1 tikki
   *[other] { $tricks } tikkiä
} ({ $penalty })
salad-line-taken = Otettu tässä jaossa: { $taken }
salad-line-totals = Yhteensä (pienin voittaa): { $scores }

salad-contract-1 = ei tikkejä
salad-contract-2 = ei herttoja
salad-contract-3 = ei rouvia
salad-contract-4 = ei patakuningasta
salad-contract-5 = ei viimeistä tikkiä
salad-contract-6 = salaatti: kaikki kerralla
salad-penalty-1 = 10 jokaisesta otetusta tikistä
salad-penalty-2 = 10 jokaisesta otetusta hertasta
salad-penalty-3 = 25 jokaisesta otetusta rouvasta
salad-penalty-4 = 100 patakuninkaan ottamisesta
salad-penalty-5 = 100 viimeisen tikin ottamisesta
salad-penalty-6 = kaikki viisi sakkoa yhtä aikaa

## Pings

ping-turn-bid = { $who }, sinun vuorosi tarjota { $game }-pelissä.
ping-turn-play = { $who }, sinun vuorosi pelata { $game }-pelissä.
ping-reminder-bid = { $who }, pöytä odottaa tarjoustasi.
ping-reminder-play = { $who }, pöytä odottaa korttiasi.
ping-time = Aika loppuu { $when }.
ping-way-back = Kätesi on kanavan alareunassa, tai paina Näytä korttini.

## Notes

note-timeout = ⏰ Pelaajan { $name } aika loppui: tietokone valitsi hänen puolestaan { $move }.
note-timeout-autopilot = ⏰ Pelaajan { $name } aika loppui taas: tietokone valitsi { $move } ja pelaa hänen puolestaan, kunnes hän taas painaa jotakin.
note-back = { $name } on taas mukana.
note-left = { $name } lähti pöydästä; hänen paikallaan pelaa { $computer }.
note-replaced = { $by } antoi pelaajan { $name } paikan tietokoneelle: sillä pelaa nyt { $computer }.
note-cancelled = { $who } perui pöydän. Tulosta ei tallenneta.
note-everyone-left = Kaikki lähtivät pöydästä: peli päättyy ilman tulosta (ei lasketa tulostauluun).
note-host-left = Järjestäjä lähti, eikä kukaan muu ollut liittynyt: pöytä on suljettu.
note-lobby-expired = Pöytä sulkeutui, koska { $minutes } minuuttiin kukaan ei liittynyt eikä aloittanut peliä.

## A hand (only its owner sees it)

smear-hand-head = **Kätesi** — Smear, jako { $hand }, paikka { $seat }
salad-hand-head = **Kätesi** — Salad, jako { $contract }/6: { $name } ({ $penalty }), paikka { $seat }
smear-turn-bid = **Sinun vuorosi tarjota**: { $high }.
smear-turn-play = **Sinun vuorosi pelata.** { $trump }.
smear-wait-bid = Tarjoukset: { $high }. Odotetaan pelaajaa { $name }.
smear-wait-play = { $trump }. Odotetaan pelaajaa { $name }.
hand-trick = Tikki: { $cards }.
smear-no-bid-yet = ei vielä tarjouksia
smear-high-bid = korkein tarjous on { $bid } ({ $name })
smear-trump = Valtti { $suit }
smear-trump-first-card = Valtti: ensimmäinen pelattu kortti ratkaisee
smear-bid-help = Tarjous 2, 3 tai 4 lupaa, että otat niin monta jaon neljästä pisteestä (Korkea, Matala, Jätkä, Peli). Jos tarjous pitää, saat kaikki ottamasi pisteet; jos jäät vajaaksi, menetät tarjouksesi verran. Voittaja on se, joka ensimmäisenä pääsee { $target } pisteeseen pitämällä tarjouksensa.
bid-button-pass = Passi
bid-button = { $bid ->
    [2] Tarjoa 2: ota 2 pistettä neljästä
    [3] Tarjoa 3: ota 3 pistettä neljästä
   *[4] Tarjoa 4: ota kaikki neljä
}
salad-turn = **Sinun vuorosi pelata.**
salad-wait = Odotetaan pelaajaa { $name }.
hand-game-over = Peli on päättynyt.
hand-time-left = Aikasi loppuu { $when }.
hand-empty = (ei kortteja)
hand-refresh = Päivitä
hand-hint = Vinkki
hand-expired = Tämä näkymä kortteihisi on vanhentunut (Discord sallii 15 minuuttia). Paina pöytäviestin **Näytä korttini** nähdäksesi ne uudelleen.
hand-moved = Kätesi siirtyi alemmas: uusin kopio on alla.
restriction-follow-or-trump = Tunnusta väriä { $led } tai pelaa valttia { $trump }: muut kortit on himmennetty.
restriction-follow-trump = Tikki aloitettiin valtilla { $suit }: tunnusta valttia. Muut kortit on himmennetty.
restriction-follow-suit = Tunnusta väriä { $led }: muut kortit on himmennetty.
stale-hand = Painike oli jaosta { $hand }, joka on jo päättynyt: mitään ei pelattu. Tässä kätesi nyt.
stale-move = Peli eteni sen jälkeen, kun painike näytettiin, joten mitään ei pelattu. Tässä kätesi nyt.

## Engine refusals (with the rule of RULES.md)

illegal-follow-or-trump = Et voi pelata tuota: sinun on tunnustettava väriä { $led } tai pelattava valttia { $trump } (sääntö { $rule }).
illegal-follow-trump = Et voi pelata tuota: tikki aloitettiin valtilla { $suit }, joten sinun on pelattava valttia (sääntö { $rule }).
illegal-follow-suit = Et voi pelata tuota: sinun on tunnustettava väriä { $led } (sääntö { $rule }).
illegal-not-in-hand = Et voi pelata korttia { $card }: se ei ole kädessäsi (sääntö { $rule }).
illegal-bid-too-low = Tarjouksesi on oltava suurempi kuin { $bid } (sääntö { $rule }).
illegal-dealer-must-bid = Kaikki muut passasivat, joten jakajan on tarjottava (sääntö { $rule }).
illegal-bid-values = Tarjous on passi, 2, 3 tai 4 (sääntö { $rule }).
illegal-bidding-not-over = Tarjouskierros on kesken: passaa tai tarjoa (sääntö { $rule }).
illegal-bidding-over = Tarjouskierros on ohi: pelaa kortti (sääntö { $rule }).
illegal-no-bidding = Saladissa ei tarjota: pelaa kortti (sääntö { $rule }).
illegal-not-your-turn = Nyt ei ole sinun vuorosi (sääntö { $rule }).
illegal-game-over = Peli on päättynyt (sääntö { $rule }).
illegal-not-dealt = Kortteja ei ole vielä jaettu (sääntö { $rule }).
illegal-already-dealt = Kortit on jo jaettu (sääntö { $rule }).
illegal-bad-deal = Sellainen jako ei ole mahdollinen (sääntö { $rule }).
illegal-illegal = Tuo siirto ei ole sallittu (sääntö { $rule }).

## Results

smear-result-passed = **Jako { $hand }**: kaikki passasivat. { $name } sekoittaa ja jakaa uudelleen.
smear-result-head = **Jako { $hand }** — valtti { $trump }. { $verdict }.
smear-made = **{ $name }** tarjosi { $bid } ja piti tarjouksensa (+{ $points })
smear-set = **{ $name }** tarjosi { $bid } ja jäi vajaaksi (−{ $bid }: { $points ->
    [one] otettua pistettä ei lasketa
   *[other] otettuja { $points } pistettä ei lasketa
})
smear-result-points = Korkea: { $high } · Matala: { $low } · Jätkä: { $jack } · Peli: { $game } (korttipisteet: { $counts })
smear-point-card = { $name } ({ $card })
smear-jack-not-dealt = ei jaettu ({ $card })
smear-game-tie = ei kukaan (tasapeli)
salad-result-head = **Jako { $contract } — { $name }** ({ $penalty })
salad-result-penalties = Sakkopisteet: { $penalties }

standings-title = { $game } — lopputulokset
standings-line = { $place }. { $name } — { $score }
standings-by-hand = Pisteet jaoittain
standings-hand-column = Jako
standings-rematch = Uusintapeli
standings-review = Käy pelini läpi
standings-export = Lataa pelitallenne
standings-unrated-coach = Valmentaja oli päällä, joten tätä peliä ei lasketa tulostauluun.
smear-won-by-target = 🏆 **{ $name }** voittaa: tarjosi { $bid }, piti tarjouksensa ja ylsi { $score } pisteeseen (tavoite on { $target }). Vain tarjoaja voi voittaa pelin (sääntö S12).
smear-won-by-four = 🏆 **{ $name }** voittaa: piti tarjouksen 4, kun pisteitä oli ennen jakoa { $before }. Pidetty 4 voittaa suoraan, jos pisteitä on jo vähintään 1 (sääntö S13).
salad-won = { $count ->
    [one] 🏆 { $names } voittaa pienimmällä yhteispistemäärällä, { $total }.
   *[other] 🏆 { $names } jakavat voiton pienimmällä yhteispistemäärällä, { $total }.
}
chart-title = { $game }: pisteet jaoittain
chart-x = Jako
chart-y = Pisteet

## Leaderboard and stats

board-title = **{ $game }-tulostaulu**
board-empty = Ei vielä päättyneitä pelejä.
board-row = { $rank }. { $name } — **{ NUMBER($rating, useGrouping: 0) }** · { $games ->
    [one] 1 peli
   *[other] { $games } peliä
} · { $wins ->
    [one] 1 voitto
   *[other] { $wins } voittoa
} ({ $rate } %){ $you ->
    [yes] {" "}← sinä
   *[no] {""}
}
board-you-unrated = Sinulla ei ole täällä vielä yhtään tulostauluun laskettua peliä.
board-how = Kaikki aloittavat 1000:sta; voitto nostaa lukua, sitä enemmän mitä vahvemman voitat. Myös pelit tietokonetta vastaan lasketaan: jokainen taso pelaa aina samalla vahvuudella. Valmentajan kanssa pelattuja pelejä ei lasketa.
stats-none = { $name } ei ole vielä pelannut yhtään peliä loppuun tällä palvelimella.
stats-games = { $games ->
    [one] 1 peli
   *[other] { $games } peliä
}, { $wins ->
    [one] 1 voitto
   *[other] { $wins } voittoa
} ({ $rate } %)
stats-bids = pidetyt tarjoukset { $made }/{ $bids }
stats-average = keskimääräiset loppupisteet { $average }
stats-average-lowest = keskimääräinen yhteispistemäärä { $average } (pienempi on parempi)
stats-rating = vahvuusluku { NUMBER($rating, useGrouping: 0) } (sija { $rank })
stats-form = viimeiset pelit { $form }

## Commands

name-smear = smear
name-salad = salad
name-start = aloita
name-rules = säännöt
name-seats = pelaajia
name-target = tavoite
name-stuck-dealer = jakajan_pakkotarjous
name-turn-timer = vuoroaika
name-coach = valmentaja
name-table = pöytä
name-hand = käsi
name-leave = poistu
name-cancel = peru
name-replace = korvaa
name-export = lataa
name-player = pelaaja
name-leaderboard = tulostaulu
name-game = peli
name-stats = tilastot
name-show = näytä
name-forget = unohda
name-settings = asetukset
name-language = kieli
name-my-language = oma-kieli
name-forget-server = unohda-palvelin
cmd-smear = Cutthroat Canadian Smear (2–3 pelaajaa)
cmd-salad = Canadian Salad (3–6 pelaajaa)
cmd-smear-start = Avaa Smear-pöytä tälle kanavalle
cmd-salad-start = Avaa Salad-pöytä tälle kanavalle
cmd-smear-rules = Cutthroat Canadian Smearin säännöt (vain sinä näet ne)
cmd-salad-rules = Canadian Saladin säännöt (vain sinä näet ne)
opt-seats-smear = Pelaajien määrä, 2 tai 3 (oletus 3)
opt-seats-salad = Pelaajien määrä, 3–6 (oletus 4)
opt-target = Voittoon tarvittavat pisteet (oletus 11)
opt-stuck-dealer = Jakajan on tarjottava, jos kaikki muut passaavat (oletus pois)
opt-turn-timer = Vuoron aika, ennen kuin tietokone pelaa puolestasi (oletus 2 min)
opt-coach = Vinkki-painike kaikille; peliä ei lasketa tulostauluun
timer-choice-0 = pois
timer-choice-30 = 30 s
timer-choice-60 = 1 min
timer-choice-120 = 2 min
timer-choice-300 = 5 min
cmd-table = Tämän kanavan korttipöytä
cmd-hand = Kätesi tämän kanavan pöydässä (vain sinä näet sen)
cmd-table-leave = Poistu pöydästä; tietokone ottaa paikkasi
cmd-table-cancel = Peru pöytä (järjestäjä tai Hallitse palvelinta)
cmd-table-replace = Anna pelaajan paikka tietokoneelle (järjestäjä tai Hallitse palvelinta)
opt-replace-player = Pelaaja, jonka paikan tietokone ottaa
cmd-table-export = Tämän kanavan viimeisimmän pelin tallenne (JSON-tiedosto)
cmd-leaderboard = Tämän palvelimen pelaajat vahvuusluvun mukaan
opt-game = Mikä peli (oletus: molemmat)
cmd-stats = Pelaajien tilastot tällä palvelimella
cmd-stats-show = Pelaajan tilastot tällä palvelimella (vain sinä näet ne)
opt-stats-user = Kenen tilastot (oletus: omasi)
cmd-stats-forget = Poista tuloksesi ja vahvuuslukusi tästä botista
cmd-settings = Botin asetukset
cmd-settings-language = Tämän palvelimen pöytien kieli (Hallitse palvelinta)
cmd-settings-my-language = Kieli, jolla näet kätesi ja vastaukset
cmd-settings-forget-server = Poista kaikki, mitä botti säilyttää tästä palvelimesta (omistaja tai Hallitse palvelinta)
opt-language-server = Pöytien kieli tällä palvelimella
opt-language-mine = Kieli, jolla näet kätesi ja vastaukset
language-auto = Automaattinen (Discordista)
settings-language-set = Tämän palvelimen pöytien kieli on nyt { $language }.
settings-my-language-set = Kätesi ja vastaukset näytetään nyt kielellä { $language }.
settings-my-language-app-first = Tallennettu: { $choice }. Discord-sovelluksesi kieli on { $language }, ja se menee edelle niin kauan kuin se on jokin puhumistamme kielistä; muulloin käytetään kieltä { $choice }.

## Answers

export-ready = Pöydän { $table } pelitallenne (muoto on kuvattu ohjeissa).
left-lobby = Poistuit pöydästä.
left-game = Poistuit pöydästä; tietokone pelaa paikallasi ja peli jatkuu.
left-last = Poistuit. Pöydässä ei ollut ketään muuta, joten peli päättyi ilman tulosta (ei lasketa tulostauluun).
replaced = Valmis: tietokone pelaa nyt sillä paikalla.
cancelled-done = Pöytä on peruttu; tulosta ei tallenneta.
confirm-leave = Lähdetkö pelistä? Tietokone ottaa paikkasi ja pelaa sen loppuun; tähän peliin et voi enää palata.
confirm-leave-last = Lähdetkö pelistä? Olet pöydän viimeinen ihminen, joten peli päättyy ilman tulosta (ei lasketa tulostauluun).
confirm-leave-button = Lähde pelistä
confirm-cancel = Perutaanko peli kaikilta? Se päättyy ilman tulosta; mitään ei lasketa tulostauluun.
confirm-cancel-button = Peru peli
confirm-replace = Annetaanko pelaajan { $name } paikka tietokoneelle? Se pelaa paikan pelin loppuun.
confirm-replace-button = Anna paikka tietokoneelle
confirm-forget-me = Poistetaanko tuloksesi, vahvuuslukusi ja asetuksesi tästä botista kaikilla palvelimilla? Aiemmat pelisi säilyvät, mutta ilman nimeäsi. Tätä ei voi perua.
confirm-forget-button = Poista tietoni
confirm-forget-server = Poistetaanko kaikki, mitä botti säilyttää tästä palvelimesta: pöydät, pelit, tulokset, tulostaulu ja asetukset? Käynnissä olevat pöydät perutaan. Tätä ei voi perua.
confirm-forget-server-button = Poista palvelimen tiedot
forgot-me = Valmis: tuloksesi ({ $games ->
    [one] 1 peli
   *[other] { $games } peliä
}) ja vahvuuslukusi on poistettu.
forgot-server = Valmis: kaikki, mitä botti säilytti tästä palvelimesta ({ $games ->
    [one] 1 peli
   *[other] { $games } peliä
}), on poistettu.

## Refusals

refusal-table-closed = Pöytä on suljettu: sen peli on päättynyt tai peruttu.
refusal-wrong-channel = Painike kuuluu toisen kanavan pöytään, joten mitään ei tehty.
refusal-restarting = Botti käynnistyy uudelleen: yritä hetken päästä uudestaan.
refusal-starting-up = Pöytä käynnistyy uudelleen, joten mitään ei pelattu: yritä hetken päästä uudestaan.
refusal-database-busy = Botin tietokanta ei juuri nyt vastaa, joten mitään ei pelattu: yritä hetken päästä uudestaan.
refusal-already-started = Peli on jo alkanut.
refusal-not-started = Peli ei ole vielä alkanut.
refusal-not-saved = Valitettavasti tallennus epäonnistui, joten mitään ei muutettu. Yritä hetken päästä uudelleen.
refusal-storage-lost = Botin tietokanta ei ole käytettävissä, joten mitään ei muutettu. Botin ylläpitäjille on ilmoitettu.
refusal-unknown-game = Pelit ovat Smear ja Salad.
refusal-seats = Siinä pelissä on { $low }–{ $high } pelaajaa.
refusal-option = Tuo asetus ei ole sallittu: { $reason }.
refusal-timer = Vuoroaika on pois, 30 s, 1 min, 2 min tai 5 min.
refusal-table-here = Tällä kanavalla on jo pöytä.
refusal-table-here-link = Tällä kanavalla on jo pöytä: { $link }
refusal-table-here-reposted = Tällä kanavalla on jo peli käynnissä; sen pöytäviesti on julkaistu uudelleen alla.
refusal-seated-already = Sinulla on jo paikka tässä pöydässä.
refusal-full = Pöytä on täynnä.
refusal-no-seat = Sinulla ei ole paikkaa tässä pöydässä.
refusal-level = Valitse tietokoneen taso valikosta.
refusal-take-seat-first = Istu ensin pöytään: vain pöydän pelaajat voivat lisätä tietokoneita.
refusal-host-only = Vain järjestäjä tai Hallitse palvelinta -oikeuden omaava voi tehdä tuon.
refusal-seat-empty = Paikka on jo tyhjä.
refusal-host-stays = Järjestäjän paikka pysyy; sulje pöytä painamalla Peru.
refusal-too-few = Tähän peliin tarvitaan pelaajia vähintään { $least }: odota lisää pelaajia tai lisää tietokone.
refusal-not-seated = Et istu tässä pöydässä: kortit on vain sen pelaajilla.
refusal-not-your-hand = Painike ei ole sinun kädestäsi, joten sitä ei pelattu.
refusal-not-your-turn = Nyt ei ole sinun vuorosi: odotetaan pelaajaa { $name }.
refusal-illegal = { $reason }
refusal-not-a-move = Se ei ole tämän pelin kortti eikä tarjous.
refusal-replace-person = Valitse ihminen, joka istuu tässä pöydässä.
refusal-rematch-not-over = Uusintapelin voi avata, kun peli on päättynyt.
refusal-rematch-players = Vain pelin pelaajat voivat aloittaa sen uusintapelin.
refusal-rematch-open = Tällä kanavalla on jo pöytä: liity siihen.
refusal-export-live = Tallenteesta näkyy jokainen jaettu käsi, joten sen saa vasta, kun peli on päättynyt.
refusal-no-record = Pöydällä ei ole pelitallennetta.
refusal-no-game-here = Tällä kanavalla ei ole vielä pelattu yhtään peliä.
refusal-no-table = Tällä kanavalla ei ole pöytää. Avaa sellainen komennolla /smear aloita tai /salad aloita.
refusal-server-only = Tämä toimii vain palvelimen kanavalla.
refusal-manage-server = Tähän tarvitset Hallitse palvelinta -oikeuden.
refusal-bad-option = Tuo valinta ei kelpaa tässä.
refusal-pick-one = Valitse yksi valikosta.
refusal-unknown-button = Painike ei ole minun (tai se on vanhasta versiosta): mitään ei tehty.
refusal-not-yours = Painike on jonkun muun.
refusal-language = Valitse kieli luettelosta.
error-generic = Valitettavasti jokin meni minun päässäni pieleen; mitään ei muutettu. Yritä uudelleen.

## Rules (/smear rules, /salad rules)

rules-smear =
    {""}**Cutthroat Canadian Smear** — 2 tai 3 pelaajaa, jokainen omillaan; ensimmäisenä tavoitteeseen (oletus 11) päässyt voittaa.
    • **Jako**: 6 korttia kullekin. Jakovuoro siirtyy vasemmalle jokaisen pelatun jaon jälkeen.
    • **Tarjoukset**: jakajasta vasemmalle alkaen kukin kerran: passaa tai tarjoa korkeammin (2, 3 tai 4). Tarjous 4 päättää tarjouskierroksen. Jos kaikki passaavat, sama jakaja jakaa uudelleen (tai asetuksella *jakajan pakkotarjous* jakajan on tarjottava).
    • **Pelaaminen**: tarjoaja aloittaa; ensimmäinen pelattu kortti määrää **valtin**. Tunnusta väriä tai pelaa valttia; jos aloitettua väriä ei ole, pelaa mitä tahansa. Suurin valtti voittaa tikin, muuten aloitetun värin suurin kortti.
    • **Pisteet** (enintään 4 jaossa): **Korkea** (suurin jaettu valtti, sen pelaajalle), **Matala** (pienin jaettu valtti, sen pelaajalle), **Jätkä** eli valttijätkä (sen tikin voittajalle), **Peli** (eniten korttipisteitä: A 4, K 3, Q 2, J 1, 10 kymmenen; tasatilanteessa piste ei mene kenellekään).
    • **Pisteytys**: tarjoaja saa kaikki pisteensä, jos hän saavuttaa tarjouksensa, muuten hän menettää tarjouksensa verran (pisteet voivat mennä miinukselle). Muut saavat ottamansa pisteet.
    • **Voitto**: vain tarjoaja voi voittaa, joko pitämällä tarjouksensa ja saavuttamalla tavoitteen tai pitämällä tarjouksen 4, kun pisteitä oli ennen jakoa vähintään 1.
    Paina **Näytä korttini** (tai käytä komentoa /käsi) nähdäksesi ja pelataksesi korttisi.
rules-salad =
    {""}**Canadian Salad** — 3–6 pelaajaa, jokainen omillaan; kuusi jakoa, ja **pienin** yhteispistemäärä voittaa.
    • **Pakka**: kaikki kortit jaetaan (3 pelaajaa: ilman 2♣; 5: ilman 2♣ 2♦; 6: ilman 2♣ 3♣ 2♦ 3♦).
    • **Pelaaminen**: jakajasta vasemmalla oleva aloittaa; tunnusta väriä, jos voit, muuten pelaa mitä tahansa. Valttia ei ole: aloitetun värin suurin kortti voittaa tikin, ja voittaja aloittaa seuraavan.
    • **Jaot** järjestyksessä (sakkopisteet): 1. ei tikkejä — 10 tikiltä; 2. ei herttoja — 10 hertalta; 3. ei rouvia — 25 rouvalta; 4. ei patakuningasta — 100; 5. ei viimeistä tikkiä — 100; 6. salaatti — kaikki viisi kerralla.
    Jaot 2–4 päättyvät heti, kun kaikki sakkokortit on otettu. Jos pienin yhteispistemäärä on usealla, he kaikki voittavat.
    Paina **Näytä korttini** (tai käytä komentoa /käsi) nähdäksesi ja pelataksesi korttisi.

## The coach (a table option: Hint on your turn; Review my game after the game)

hint-line = 💡 Vinkki: { $move }. { $reason }
review-title = **Pelisi läpikäynti**: päätökset, jotka maksoivat sinulle eniten, odotettuina pisteinä.
review-line = Jako { $hand }, päätöksesi { $decision }: valitsit { $chosen }; parempi olisi ollut { $better } (noin { $loss ->
    [one] { $loss } piste
   *[other] { $loss } pistettä
}). { $reason }
review-none = Ei yhtään kallista päätöstä tässä pelissä: hyvin pelattu!
review-not-player = Läpikäynti on vain pelin pelaajille.
review-busy = Pelisi läpikäynti kestää muutaman sekunnin…
refusal-coach-off = Valmentaja ei ole päällä tässä pöydässä (valitse `valmentaja`, kun avaat pöydän).
refusal-hint-not-your-turn = Vinkin saa vain omalla vuorollasi.
coach-bid-makes = Tarjoa { $bid }: tällä kädellä tarjous pitää noin { $chance } prosentin todennäköisyydellä (valtti { $suit }).
coach-bid-go-out = Tarjoa { $bid }: pidetty tarjous voittaa pelin, ja tällä kädellä se pitää noin { $chance } prosentin todennäköisyydellä.
coach-bid-stop = Ylitä tarjous: muuten toinen tarjoaja voittaisi pelin pitämällä tarjouksensa.
coach-pass-weak = Passaa: tällä kädellä tarjous { $bid } pitää vain noin { $chance } prosentin todennäköisyydellä.
coach-name-trump = Kun aloitat kortilla { $card }, valtiksi tulee { $suit }: vahvin värisi.
coach-draw-trump = Aloita valtilla ({ $card }) ja vedä muilta valtit pois.
coach-cash-winner = Aloita kortilla { $card }: kukaan ei voi voittaa sitä.
coach-lead-low = Aloita halvalla kortilla { $card } ja säästä vahvat.
coach-take-jack = Voita tämä tikki kortilla { $card }: siinä on valttijätkä.
coach-save-jack = Pelaa jätkä ({ $card }) niin, että se voittaa oman tikkinsä.
coach-save-ten = Vie kymppi kotiin kortilla { $card }: se on 10 korttipisteen arvoinen Pelissä.
coach-take-points = Voita tämä tikki kortilla { $card }: se on { $points } korttipisteen arvoinen Pelissä.
coach-trump-in = Pelaa valtti { $card } ja voita tikki.
coach-duck = Anna tämän tikin mennä: pelaa { $card }.
coach-dump-low = Tästä ei ole mitään voitettavaa: heitä { $card }, joka maksaa vähiten.
coach-dump-penalty = Pudota { $card } jonkun toisen tikkiin ({ $points ->
    [one] 1 sakkopiste, jota et itse saa
   *[other] { $points } sakkopistettä, joita et itse saa
}).
coach-shed-danger = Et voi tunnustaa väriä: pääse eroon kortista { $card }, joka todennäköisimmin voittaisi myöhemmin tikin.
coach-take-safe = Ota tämä tikki kortilla { $card }: se ei maksa mitään, ja saat aloittaa seuraavan.
coach-take-cheap = Ota tikki nyt kortilla { $card }, kun se maksaa vähiten ({ $points }).
coach-lead-safe = Aloita kortilla { $card }: sillä ei voi saada sakkoa.
coach-only-move = Se on ainoa kortti, jonka saat pelata.
coach-best-odds = Haku piti sitä kaiken kaikkiaan parhaana.
