# Everything the bot says, in Estonian (eesti keel). Each language's bot.ftl has the same message ids
# with the same variables ($name, $count, ...) as en/bot.ftl; `make test` checks it. Numbers are
# formatted by Fluent, and plural forms are chosen with [one] / *[other] (Estonian: one, other).
# Card words as Estonian players say them: äss, kuningas, emand, soldat (Ä K E S); ärtu, ruutu,
# risti, poti; trump, tihi, mast, pakkumine, pass, jagaja, voor (a hand of play).
# Discord has no Estonian client: people see English command names and permission names
# (/hand, /smear start, Manage Server), so the texts name them that way.

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
rank-J = S
rank-Q = E
rank-K = K
rank-A = Ä

seat-computer = 🤖 { $name }
seat-away = { $name } (eemal)
nobody = mitte keegi
on = sees
off = väljas

bid-pass = pass
bid-n = pakkumine { $bid }

timer-off = väljas
timer-seconds = { $seconds } s
timer-minutes = { $minutes } min

table-footer = laud { $table }

## Computer levels (the lobby's "Add a computer" menu)

level-random = Juhuslik
level-random-about = Käib suvalise lubatud kaardi: naljaks
level-easy = Lihtne
level-easy-about = Algaja rusikareeglid
level-normal = Tavaline
level-normal-about = Kindel mäng; pakub nii palju, kui käsi lubab
level-hard = Raske
level-hard-about = Mõtleb ette, proovides läbi jaotusi, mida ta ei näe
level-expert = Ekspert
level-expert-about = Tugevaim: loeb pakkumisi ja mängib lõpu täpselt

## The lobby

lobby-title-open = { $game } — laud on avatud
lobby-title-started = { $game } — mäng algas
lobby-title-closed = { $game } — laud on suletud
lobby-host = Korraldaja: { $name }
option-seats = Mängijaid: { $seats }
option-target = Eesmärk: { $value }
option-stuck_dealer = Jagaja pakkumiskohustus: { $on }
option-turn-timer = Käiguaeg: { $timer }
option-coach = Treener sees (nupp Vihje; mäng ei lähe edetabelisse)
lobby-seat = { $n }. { $name }
lobby-seat-computer = { $n }. { $name } ({ $level })
lobby-seat-open = { $n }. (vaba)
lobby-invited = Tagasi kutsutud: { $people } — vajutage Liitu.
lobby-help = Korraldaja saab mängu alustada, kui hõivatud kohti on vähemalt { $least }; mäng algab ise, kui kõik kohad on täis.
lobby-join = Liitu
lobby-leave = Lahku
lobby-start = Alusta
lobby-cancel = Tühista
lobby-add-computer = Lisa arvutimängija…
lobby-remove-seat = Vabasta koht (korraldaja või Manage Server)
lobby-remove-option = Koht { $n }: { $name }

## The table message

show-hand = Näita mu kaarte
line-dealer = Jagaja: { $name }
line-trick = Tihi { $n }: { $cards }
line-last-trick = Eelmine tihi: { $cards } → võttis { $name }
line-scores = Punktid: { $scores }
turn-bid = ▶ Pakkumise kord: **{ $name }**
turn-play = ▶ Käigu kord: **{ $name }**
turn-timed-bid = ▶ Pakkumise kord: **{ $name }** (aeg saab otsa: { $when })
turn-timed-play = ▶ Käigu kord: **{ $name }** (aeg saab otsa: { $when })
turn-computer-bid = ▶ { $name } mõtleb pakkumist
turn-computer-play = ▶ { $name } käib
turn-away-bid = ▶ { $name }: arvuti pakub tema eest, kuni ta on eemal
turn-away-play = ▶ { $name }: arvuti käib tema eest, kuni ta on eemal
hand-over-title = { $game } — voor { $hand } (läbi)
hand-over-below = See voor on läbi: tulemus on allpool.
table-closed-title = { $game } — laud on suletud
table-closed-unrated = Mäng lõppes tulemuseta: edetabelisse ei lähe midagi.

smear-table-title = Smear — voor { $hand }
smear-line-bids = Pakkumised: { $bids }
smear-line-bidder = Pakkuja: { $name } pakkus **{ $bid }** · Trump: { $trump }
smear-trump-unknown = selgub esimesest käidud kaardist
smear-line-tally = Seni — Kõrge: { $high } · Madal: { $low } · Soldat: { $jack } · Silmad: { $counts }
tally-open = ?
smear-line-needs = { $need ->
    [0] { $name } on juba saanud kõik pakkumiseks vajalikud punktid (kui pakkumine täitub, loeb iga punkt).
    [one] { $name } vajab veel 1 punkti (Kõrge, Madal, Soldat või Mäng).
   *[other] { $name } vajab veel { $need } punkti (Kõrge, Madal, Soldat või Mäng).
}
smear-line-scores = Punktid (võiduni { $target }): { $scores }

salad-table-title = Salad — voor { $contract }/6: { $name }
salad-line-rule = Trahv selles voorus: { $penalty }
salad-taken = { $name } { $tricks ->
    [one] 1 tihi
   *[other] { $tricks } tihi
} ({ $penalty })
salad-line-taken = Selles voorus võetud: { $taken }
salad-line-totals = Kokku (väikseim võidab): { $scores }

salad-contract-1 = tihideta
salad-contract-2 = ärtudeta
salad-contract-3 = emandateta
salad-contract-4 = poti kuningata
salad-contract-5 = viimase tihita
salad-contract-6 = salat: kõik korraga
salad-penalty-1 = 10 iga võetud tihi eest
salad-penalty-2 = 10 iga võetud ärtu eest
salad-penalty-3 = 25 iga võetud emanda eest
salad-penalty-4 = 100 poti kuninga võtmise eest
salad-penalty-5 = 100 viimase tihi võtmise eest
salad-penalty-6 = kõik viis trahvi korraga

## Pings

ping-turn-bid = { $who }, sinu kord pakkuda ({ $game }).
ping-turn-play = { $who }, sinu kord käia ({ $game }).
ping-reminder-bid = { $who }, laud ootab sinu pakkumist.
ping-reminder-play = { $who }, laud ootab sinu kaarti.
ping-time = Aeg saab otsa: { $when }.
ping-way-back = Sinu kaardid on kanali allosas, või vajuta Näita mu kaarte.

## Notes

note-timeout = ⏰ Mängija { $name } aeg sai otsa: arvuti valis tema eest { $move }.
note-timeout-autopilot = ⏰ Mängija { $name } aeg sai jälle otsa: arvuti valis { $move } ja mängib tema eest, kuni ta jälle midagi klõpsab.
note-back = { $name } on tagasi.
note-left = { $name } lahkus lauast; tema kohal mängib { $computer }.
note-replaced = { $by } andis mängija { $name } koha arvutile: nüüd mängib seal { $computer }.
note-cancelled = Laua tühistas { $who }. Tulemust ei salvestata.
note-everyone-left = Kõik lahkusid lauast: mäng lõpeb tulemuseta (edetabelisse ei lähe).
note-host-left = Korraldaja lahkus ja keegi teine polnud liitunud: laud on suletud.
note-lobby-expired = Laud suleti, sest { $minutes } minuti jooksul ei liitunud keegi ega alustanud mängu.

## A hand (only its owner sees it)

smear-hand-head = **Sinu kaardid** — Smear, voor { $hand }, koht { $seat }
salad-hand-head = **Sinu kaardid** — Salad, voor { $contract }/6: { $name } ({ $penalty }), koht { $seat }
smear-turn-bid = **Sinu kord pakkuda**: { $high }.
smear-turn-play = **Sinu kord käia.** { $trump }.
smear-wait-bid = Pakkumine: { $high }. Ootame mängijat { $name }.
smear-wait-play = { $trump }. Ootame mängijat { $name }.
hand-trick = Tihi: { $cards }.
smear-no-bid-yet = pakkumisi veel pole
smear-high-bid = kõrgeim pakkumine on { $bid } ({ $name })
smear-trump = Trump { $suit }
smear-trump-first-card = Trump: selle määrab esimene käidud kaart
smear-bid-help = Pakkumine 2, 3 või 4 lubab võtta vooru neljast punktist (Kõrge, Madal, Soldat, Mäng) vähemalt nii palju. Kui pakkumine täitub, saad kõik oma punktid; kui jääd alla, kaotad pakkumise jagu punkte. Võidab see, kes jõuab esimesena täidetud pakkumisega { $target } punktini.
bid-button-pass = Pass
bid-button = { $bid ->
    [2] Paku 2: võta 4 punktist 2
    [3] Paku 3: võta 4 punktist 3
   *[4] Paku 4: võta kõik 4
}
salad-turn = **Sinu kord käia.**
salad-wait = Ootame mängijat { $name }.
hand-game-over = Mäng on läbi.
hand-time-left = Sinu aeg saab otsa: { $when }.
hand-empty = (kaarte pole)
hand-refresh = Värskenda
hand-hint = Vihje
hand-expired = See vaade sinu kaartidele on aegunud (Discord lubab 15 minutit). Vajuta laua sõnumis **Näita mu kaarte**, et neid uuesti näha.
hand-moved = Sinu kaardid liikusid allapoole: uusim koopia on all.
restriction-follow-or-trump = Tunnista masti { $led } või käi trumpi { $trump }: teised kaardid on hallid.
restriction-follow-trump = Välja käidi trump { $suit }: tunnista trumpi. Teised kaardid on hallid.
restriction-follow-suit = Tunnista masti { $led }: teised kaardid on hallid.
stale-hand = See nupp oli voorust { $hand }, mis on läbi: midagi ei käidud. Siin on sinu kaardid praegu.
stale-move = Mäng on pärast selle nupu näitamist edasi läinud, seega midagi ei käidud. Siin on sinu kaardid praegu.

## Engine refusals (with the rule of RULES.md)

illegal-follow-or-trump = Seda ei saa käia: pead tunnistama masti { $led } või käima trumpi { $trump } (reegel { $rule }).
illegal-follow-trump = Seda ei saa käia: välja käidi trump { $suit }, seega pead käima trumpi (reegel { $rule }).
illegal-follow-suit = Seda ei saa käia: pead tunnistama masti { $led } (reegel { $rule }).
illegal-not-in-hand = Kaarti { $card } ei saa käia: seda pole sinu käes (reegel { $rule }).
illegal-bid-too-low = Sinu pakkumine peab olema suurem kui { $bid } (reegel { $rule }).
illegal-dealer-must-bid = Kõik teised passisid, seega peab jagaja pakkuma (reegel { $rule }).
illegal-bid-values = Pakkumine on pass, 2, 3 või 4 (reegel { $rule }).
illegal-bidding-not-over = Pakkumine pole veel läbi: passi või paku (reegel { $rule }).
illegal-bidding-over = Pakkumine on läbi: käi kaart (reegel { $rule }).
illegal-no-bidding = Saladis pakkumist pole: käi kaart (reegel { $rule }).
illegal-not-your-turn = Praegu pole sinu kord (reegel { $rule }).
illegal-game-over = Mäng on läbi (reegel { $rule }).
illegal-not-dealt = Kaarte pole veel jagatud (reegel { $rule }).
illegal-already-dealt = Kaardid on juba jagatud (reegel { $rule }).
illegal-bad-deal = Selline jaotus pole võimalik (reegel { $rule }).
illegal-illegal = See käik pole lubatud (reegel { $rule }).

## Results

smear-result-passed = **Voor { $hand }**: kõik passisid. { $name } segab ja jagab uuesti.
smear-result-head = **Voor { $hand }** — trump { $trump }. { $verdict }.
smear-made = **{ $name }** pakkus { $bid } ja täitis pakkumise (+{ $points })
smear-set = **{ $name }** pakkus { $bid } ja jäi alla (−{ $bid }: { $points ->
    [one] võetud 1 punkt ei loe
   *[other] võetud { $points } punkti ei loe
})
smear-result-points = Kõrge: { $high } · Madal: { $low } · Soldat: { $jack } · Mäng: { $game } (silmad: { $counts })
smear-point-card = { $name } ({ $card })
smear-jack-not-dealt = jagamata ({ $card })
smear-game-tie = mitte keegi (viik)
salad-result-head = **Voor { $contract } — { $name }** ({ $penalty })
salad-result-penalties = Trahvid: { $penalties }

standings-title = { $game } — lõpptulemused
standings-line = { $place }. { $name } — { $score }
standings-by-hand = Punktid pärast iga vooru
standings-hand-column = Voor
standings-rematch = Kordusmäng
standings-review = Vaata mu mäng üle
standings-export = Ekspordi mänguprotokoll
standings-unrated-coach = Treener oli sees, seega see mäng edetabelisse ei lähe.
smear-won-by-target = 🏆 Võidab **{ $name }**: pakkus { $bid }, täitis pakkumise ja jõudis { $score } punktini (eesmärk on { $target }). Mängu saab võita ainult pakkuja (reegel S12).
smear-won-by-four = 🏆 Võidab **{ $name }**: täitis pakkumise 4, kui tal oli enne vooru { $before ->
    [one] 1 punkt
   *[other] { $before } punkti
}. Täidetud 4 võidab kohe, kui punkte on juba vähemalt 1 (reegel S13).
salad-won = { $count ->
    [one] 🏆 { $names } võidab väikseima summaga { $total }.
   *[other] 🏆 { $names } jagavad võitu väikseima summaga { $total }.
}
chart-title = { $game }: punktid pärast iga vooru
chart-x = Voor
chart-y = Punktid

## Leaderboard and stats

board-title = **{ $game }: edetabel**
board-empty = Lõpetatud mänge veel pole.
board-row = { $rank }. { $name } — **{ NUMBER($rating, useGrouping: 0) }** · { $games ->
    [one] 1 mäng
   *[other] { $games } mängu
} · { $wins ->
    [one] 1 võit
   *[other] { $wins } võitu
} ({ $rate }%){ $you ->
    [yes] {" "}← sina
   *[no] {""}
}
board-you-unrated = Sul pole siin veel ühtegi edetabelisse läinud mängu.
board-how = Kõik alustavad 1000 pealt; võit tõstab reitingut, seda rohkem, mida tugevama vastase võidad. Arvesse lähevad ka mängud arvuti vastu: iga tase mängib alati sama tugevalt. Treeneriga mängud arvesse ei lähe.
stats-none = { $name } pole selles serveris veel ühtegi mängu lõpuni mänginud.
stats-games = { $games ->
    [one] 1 mäng
   *[other] { $games } mängu
}, { $wins ->
    [one] 1 võit
   *[other] { $wins } võitu
} ({ $rate }%)
stats-bids = täidetud pakkumisi { $made }/{ $bids }
stats-average = keskmine lõppskoor { $average }
stats-average-lowest = keskmine summa { $average } (väiksem on parem)
stats-rating = reiting { NUMBER($rating, useGrouping: 0) } (#{ $rank })
stats-form = viimased mängud { $form }

## Commands

name-smear = smear
name-salad = salad
name-start = alusta
name-rules = reeglid
name-seats = mängijaid
name-target = eesmärk
name-stuck-dealer = jagaja_pakub
name-turn-timer = käiguaeg
name-coach = treener
name-table = laud
name-hand = kaardid
name-leave = lahku
name-cancel = tühista
name-replace = asenda
name-export = ekspordi
name-player = mängija
name-leaderboard = edetabel
name-game = mäng
name-stats = statistika
name-show = näita
name-forget = unusta
name-settings = seaded
name-language = keel
name-my-language = minu-keel
name-forget-server = unusta-server
cmd-smear = Cutthroat Canadian Smear (2–3 mängijat)
cmd-salad = Canadian Salad (3–6 mängijat)
cmd-smear-start = Ava selles kanalis Smeari laud
cmd-salad-start = Ava selles kanalis Saladi laud
cmd-smear-rules = Cutthroat Canadian Smeari reeglid (näed ainult sina)
cmd-salad-rules = Canadian Saladi reeglid (näed ainult sina)
opt-seats-smear = Mängijate arv, 2 või 3 (vaikimisi 3)
opt-seats-salad = Mängijate arv, 3 kuni 6 (vaikimisi 4)
opt-target = Punktid võiduks (vaikimisi 11)
opt-stuck-dealer = Jagaja peab pakkuma, kui kõik teised passivad (vaikimisi väljas)
opt-turn-timer = Aeg igaks käiguks, enne kui arvuti sinu eest käib (vaikimisi 2 min)
opt-coach = Vihjenupp kõigile; mäng ei lähe edetabelisse
timer-choice-0 = väljas
timer-choice-30 = 30 s
timer-choice-60 = 1 min
timer-choice-120 = 2 min
timer-choice-300 = 5 min
cmd-table = Selle kanali kaardilaud
cmd-hand = Sinu kaardid selle kanali laua taga (näed ainult sina)
cmd-table-leave = Lahku lauast; sinu koha võtab arvuti
cmd-table-cancel = Tühista laud (korraldaja või Manage Server)
cmd-table-replace = Anna mängija koht arvutile (korraldaja või Manage Server)
opt-replace-player = Mängija, kelle koha võtab arvuti
cmd-table-export = Selle kanali viimase mängu protokoll (JSON-fail)
cmd-leaderboard = Selle serveri mängijad reitingu järgi
opt-game = Milline mäng (vaikimisi mõlemad)
cmd-stats = Mängijate tulemused selles serveris
cmd-stats-show = Mängija tulemused selles serveris (näed ainult sina)
opt-stats-user = Kelle tulemused (vaikimisi sinu omad)
cmd-stats-forget = Kustuta oma tulemused ja reitingud sellest botist
cmd-settings = Boti seaded
cmd-settings-language = Selle serveri laudade keel (Manage Server)
cmd-settings-my-language = Sinu kaartide ja vastuste keel
cmd-settings-forget-server = Kustuta kõik, mida see bot selle serveri kohta hoiab (omanik või Manage Server)
opt-language-server = Laudade keel selles serveris
opt-language-mine = Sinu kaartide ja vastuste keel
language-auto = Automaatne (Discordi järgi)
settings-language-set = Selle serveri laudade keel on nüüd { $language }.
settings-my-language-set = Sinu kaartide ja vastuste keel on nüüd { $language }.
settings-my-language-app-first = Salvestatud: { $choice }. Sinu Discordi rakenduse keel on { $language } ja see on eelistatud, kuni see on mõni meie räägitud keel; muidu kasutatakse keelt { $choice }.

## Answers

export-ready = Laua { $table } mänguprotokoll (vormingu kirjeldus on dokumentatsioonis).
left-lobby = Lahkusid lauast.
left-game = Lahkusid lauast; sinu kohal mängib arvuti ja mäng jätkub.
left-last = Lahkusid. Laua taga polnud kedagi teist, seega mäng lõppes tulemuseta (edetabelisse ei lähe).
replaced = Tehtud: seda kohta mängib nüüd arvuti.
cancelled-done = Laud on tühistatud; tulemust ei salvestata.
confirm-leave = Kas lahkud mängust? Sinu koha võtab arvuti ja mängib selle lõpuni; sellesse mängu sa tagasi tulla ei saa.
confirm-leave-last = Kas lahkud mängust? Oled viimane inimene laua taga, seega mäng lõpeb tulemuseta (edetabelisse ei lähe).
confirm-leave-button = Lahku mängust
confirm-cancel = Kas tühistada mäng kõigi jaoks? See lõpeb tulemuseta; edetabelisse ei lähe midagi.
confirm-cancel-button = Tühista mäng
confirm-replace = Kas anda mängija { $name } koht arvutile? Arvuti mängib selle mängu lõpuni.
confirm-replace-button = Anna koht arvutile
confirm-forget-me = Kas kustutada sinu tulemused, reitingud ja seaded sellest botist kõigis serverites? Sinu varasemad mängud jäävad alles, aga ilma sinu nimeta. Seda ei saa tagasi võtta.
confirm-forget-button = Kustuta minu andmed
confirm-forget-server = Kas kustutada kõik, mida see bot selle serveri kohta hoiab: lauad, mängud, tulemused, edetabel ja seaded? Käimasolevad lauad tühistatakse. Seda ei saa tagasi võtta.
confirm-forget-server-button = Kustuta serveri andmed
forgot-me = Tehtud: sinu tulemused ({ $games ->
    [one] 1 mäng
   *[other] { $games } mängu
}) ja reitingud on kustutatud.
forgot-server = Tehtud: kõik, mida see bot selle serveri kohta hoidis ({ $games ->
    [one] 1 mäng
   *[other] { $games } mängu
}), on kustutatud.

## Refusals

refusal-table-closed = See laud on suletud: mäng on läbi või tühistati.
refusal-wrong-channel = See nupp kuulub teise kanali lauale, seega midagi ei tehtud.
refusal-restarting = Bot taaskäivitub: proovi hetke pärast uuesti.
refusal-starting-up = See laud käivitub uuesti, seega midagi ei mängitud: proovi hetke pärast uuesti.
refusal-database-busy = Boti andmebaas ei vasta praegu, seega midagi ei mängitud: proovi hetke pärast uuesti.
refusal-already-started = See mäng on juba alanud.
refusal-not-started = Mäng pole veel alanud.
refusal-not-saved = Vabandust, seda ei õnnestunud salvestada, seega midagi ei muutunud. Palun proovi hetke pärast uuesti.
refusal-storage-lost = Boti andmebaas pole kättesaadav, seega midagi ei muutunud. Boti haldajaid on teavitatud.
refusal-unknown-game = Mängud on Smear ja Salad.
refusal-seats = Selles mängus on { $low } kuni { $high } mängijat.
refusal-option = Selline valik pole lubatud: { $reason }.
refusal-timer = Käiguaeg on väljas, 30 s, 1 min, 2 min või 5 min.
refusal-table-here = Selles kanalis on juba laud.
refusal-table-here-link = Selles kanalis on juba laud: { $link }
refusal-table-here-reposted = Selles kanalis käib juba mäng; selle laua sõnum on allpool uuesti postitatud.
refusal-seated-already = Sul on selle laua taga juba koht.
refusal-full = See laud on täis.
refusal-no-seat = Sul pole selle laua taga kohta.
refusal-level = Vali menüüst arvuti tase.
refusal-take-seat-first = Võta kõigepealt koht: arvuteid saavad lisada ainult laua mängijad.
refusal-host-only = Seda saab teha ainult korraldaja või Manage Server õigusega liige.
refusal-seat-empty = See koht on juba tühi.
refusal-host-stays = Korraldaja koht jääb alles; laua sulgemiseks kasuta nuppu Tühista.
refusal-too-few = Selles mängus on vaja vähemalt { $least } mängijat: oota veel mängijaid või lisa arvuti.
refusal-not-seated = Sa ei istu selle laua taga: kaardid on ainult laua mängijatel.
refusal-not-your-hand = See nupp pole sinu kaartide juurest, seega seda ei käidud.
refusal-not-your-turn = Praegu pole sinu kord: ootame mängijat { $name }.
refusal-illegal = { $reason }
refusal-not-a-move = See pole selle mängu kaart ega pakkumine.
refusal-replace-person = Vali inimene, kes istub selle laua taga.
refusal-rematch-not-over = Kordusmängu saab avada, kui mäng on läbi.
refusal-rematch-players = Kordusmängu saavad alustada ainult selle mängu mängijad.
refusal-rematch-open = Selles kanalis on juba laud: liitu sellega.
refusal-export-live = Protokollis on näha kõik jagatud kaardid, seega saab selle alles pärast mängu lõppu.
refusal-no-record = Sellel laual pole mänguprotokolli.
refusal-no-game-here = Selles kanalis pole veel ühtegi mängu mängitud.
refusal-no-table = Selles kanalis pole lauda. Ava see käsuga /smear start või /salad start.
refusal-server-only = See töötab ainult serveri kanalis.
refusal-manage-server = Selleks on vaja Manage Server õigust.
refusal-bad-option = See valik pole siin lubatud.
refusal-pick-one = Vali menüüst üks.
refusal-unknown-button = See nupp pole minu oma (või on vanast versioonist): midagi ei tehtud.
refusal-not-yours = See nupp on kellegi teise oma.
refusal-language = Vali loendist keel.
error-generic = Vabandust, minu poolel läks midagi valesti; midagi ei muutunud. Palun proovi uuesti.

## Rules (/smear rules, /salad rules)

rules-smear =
    {""}**Cutthroat Canadian Smear** — 2 või 3 mängijat, igaüks enda eest; võidab see, kes jõuab esimesena eesmärgini (vaikimisi 11).
    • **Jagamine**: igaühele 6 kaarti. Pärast iga mängitud vooru läheb jagamine vasakule.
    • **Pakkumine**: jagajast vasakult alustades igaüks üks kord: passi või paku kõrgemalt (2, 3 või 4). Pakkumine 4 lõpetab pakkumisvooru. Kui kõik passivad, jagab sama jagaja uuesti (või valikuga *jagaja pakkumiskohustus* peab jagaja pakkuma).
    • **Mängu käik**: pakkuja käib välja; esimene käidud kaart määrab **trumbi**. Tunnista masti või käi trumpi; kui väljakäidud masti pole, käi mida tahes. Tihi võtab kõrgeim trump, muidu väljakäidud masti kõrgeim kaart.
    • **Punktid** (kuni 4 voorus): **Kõrge** (kõrgeim jagatud trump, selle käijale), **Madal** (madalaim jagatud trump, selle käijale), **Soldat** ehk trumbisoldat (selle tihi võtjale), **Mäng** (kõige rohkem silmi: Ä 4, K 3, E 2, S 1, 10 kümme; viigi korral ei saa punkti keegi).
    • **Arvestus**: pakkuja saab kõik oma punktid, kui ta täidab pakkumise, muidu kaotab pakkumise jagu punkte (skoor võib minna alla nulli). Teised saavad oma võetud punktid.
    • **Võit**: võita saab ainult pakkuja, kas täites pakkumise ja jõudes eesmärgini või täites pakkumise 4, kui tal oli enne vooru vähemalt 1 punkt.
    Vajuta **Näita mu kaarte** (või kasuta käsku /hand), et oma kaarte näha ja käia.
rules-salad =
    {""}**Canadian Salad** — 3 kuni 6 mängijat, igaüks enda eest; kuus vooru, ja võidab **väikseim** summa.
    • **Pakk**: jagatakse kõik kaardid (3 mängijat: ilma 2♣; 5: ilma 2♣ 2♦; 6: ilma 2♣ 3♣ 2♦ 3♦).
    • **Mängu käik**: välja käib jagajast vasakul olev mängija; tunnista masti, kui saad, muidu käi mida tahes. Trumpi pole: tihi võtab väljakäidud masti kõrgeim kaart ja selle võtja käib järgmisena välja.
    • **Voorud** järjekorras (trahvid): 1. tihideta — 10 tihi eest; 2. ärtudeta — 10 ärtu eest; 3. emandateta — 25 emanda eest; 4. poti kuningata — 100; 5. viimase tihita — 100; 6. salat — kõik viis korraga.
    Voorud 2–4 lõpevad kohe, kui kõik trahvikaardid on võetud. Kui väikseim summa on mitmel, võidavad nad kõik.
    Vajuta **Näita mu kaarte** (või kasuta käsku /hand), et oma kaarte näha ja käia.

## The coach (a table option: Hint on your turn; Review my game after the game)

hint-line = 💡 Vihje: { $move }. { $reason }
review-title = **Sinu mäng üle vaadatud**: otsused, mis läksid sulle kõige kallimaks, oodatavates punktides.
review-line = Voor { $hand }, sinu otsus { $decision }: valisid { $chosen }; parem oleks olnud { $better } (umbes { $loss ->
    [one] { $loss } punkt
   *[other] { $loss } punkti
}). { $reason }
review-none = Selles mängus polnud ühtegi kallist otsust: hästi mängitud!
review-not-player = Ülevaade on ainult selle mängu mängijatele.
review-busy = Sinu mängu ülevaatamine võtab paar sekundit…
refusal-coach-off = Selles lauas pole treener sees (vali laua avamisel `coach`).
refusal-hint-not-your-turn = Vihjet saab ainult oma käigu ajal.
coach-bid-makes = Paku { $bid }: selle käega täitub pakkumine umbes { $chance }% juhtudest (trump { $suit }).
coach-bid-go-out = Paku { $bid }: täidetud pakkumine võidab mängu ja selle käega täitub see umbes { $chance }% juhtudest.
coach-bid-stop = Paku üle: muidu võidaks teine pakkuja oma pakkumise täitmisega mängu.
coach-pass-weak = Passi: selle käega täitub pakkumine { $bid } ainult umbes { $chance }% juhtudest.
coach-name-trump = Kui käid välja { $card }, saab trumbiks { $suit }: sinu tugevaim mast.
coach-draw-trump = Käi välja trump ({ $card }), et teistelt trumbid välja tõmmata.
coach-cash-winner = Käi välja { $card }: keegi ei saa seda lüüa.
coach-lead-low = Käi välja odav kaart { $card } ja hoia tugevad alles.
coach-take-jack = Võta see tihi kaardiga { $card }: selles on trumbisoldat.
coach-save-jack = Käi soldat ({ $card }) nii, et see võtab oma tihi ise.
coach-save-ten = Vii kümme koju kaardiga { $card }: see on Mängu jaoks 10 silma väärt.
coach-take-points = Võta see tihi kaardiga { $card }: see on Mängu jaoks { $points ->
    [one] ühe silma
   *[other] { $points } silma
} väärt.
coach-trump-in = Löö trumbiga { $card } ja võta tihi.
coach-duck = Lase see tihi minna: käi { $card }.
coach-dump-low = Siin pole midagi võita: viska { $card }, mis maksab kõige vähem.
coach-dump-penalty = Viska { $card } kellegi teise tihisse ({ $points ->
    [one] 1 trahvipunkt
   *[other] { $points } trahvipunkti
}, mida sa ise ei saa).
coach-shed-danger = Masti tunnistada ei saa: vabane kaardist { $card }, mis kõige tõenäolisemalt võtaks hiljem tihi.
coach-take-safe = Võta see tihi kaardiga { $card }: see ei maksa midagi ja järgmisena käid välja sina.
coach-take-cheap = Võta tihi kohe kaardiga { $card }, kuni see maksab kõige vähem ({ $points }).
coach-lead-safe = Käi välja { $card }: sellega ei saa trahvi võtta.
coach-only-move = See on ainus kaart, mida tohid käia.
coach-best-odds = Otsing leidis, et kõike arvestades on see parim.
