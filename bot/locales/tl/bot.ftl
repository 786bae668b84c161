# Everything the bot says, in Tagalog (Filipino). Each language's bot.ftl has the same message ids
# with the same variables ($name, $count, ...) as en/bot.ftl; `make test` checks it. Numbers are
# formatted by Fluent. Tagalog nouns do not change with the number, and the Filipino plural rule
# puts 1, 2, 3, 5, 7, 8... in [one]: so counts are written "{ $games } laro" with no selector, and
# the one place that needs "exactly one" (salad-won) selects on [1].
# Card words as Filipino players say them (Taglish where they do): alas, hari, reyna, jack; puso,
# ispada; trump, trick, bid, pass, dealer, suit, round (a hand of play), baraha / hawak (your cards).
# Discord has no Tagalog client: people see English command names and permission names
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
rank-J = J
rank-Q = Q
rank-K = K
rank-A = A

seat-computer = 🤖 { $name }
seat-away = { $name } (wala muna)
nobody = wala
on = naka-on
off = naka-off

bid-pass = pass
bid-n = bid { $bid }

timer-off = naka-off
timer-seconds = { $seconds } s
timer-minutes = { $minutes } min

table-footer = mesa { $table }

## Computer levels (the lobby's "Add a computer" menu)

level-random = Sapalaran
level-random-about = Kahit anong puwedeng baraha ang nilalaro: pampatawa lang
level-easy = Madali
level-easy-about = Mga simpleng diskarte ng baguhan
level-normal = Katamtaman
level-normal-about = Maayos maglaro; nagbi-bid ayon sa kaya ng hawak niya
level-hard = Mahirap
level-hard-about = Nag-iisip nang maaga: sinusubok ang mga hawak na hindi niya nakikita
level-expert = Eksperto
level-expert-about = Pinakamalakas: binabasa ang bidding at eksakto ang laro sa dulo

## The lobby

lobby-title-open = { $game } — bukas ang mesa
lobby-title-started = { $game } — nagsimula na ang laro
lobby-title-closed = { $game } — sarado na ang mesa
lobby-host = Host: { $name }
option-seats = Manlalaro: { $seats }
option-target = Target: { $value }
option-stuck_dealer = Dapat mag-bid ang dealer: { $on }
option-turn-timer = Oras kada tira: { $timer }
option-coach = Naka-on ang coach (may Payo na button; hindi bibilang sa leaderboard ang laro)
lobby-seat = { $n }. { $name }
lobby-seat-computer = { $n }. { $name } ({ $level })
lobby-seat-open = { $n }. (bakante)
lobby-invited = Inimbitahang bumalik: { $people } — pindutin ang Sumali.
lobby-help = Puwedeng simulan ng host kapag may nakaupo na sa { $least } o higit pang upuan; kusang magsisimula ang laro kapag puno na lahat ng upuan.
lobby-join = Sumali
lobby-leave = Umalis
lobby-start = Simulan
lobby-cancel = Ikansela
lobby-add-computer = Magdagdag ng computer na kalaro…
lobby-remove-seat = Mag-alis ng nakaupo (host o Manage Server)
lobby-remove-option = Upuan { $n }: { $name }

## The table message

show-hand = Ipakita ang baraha ko
line-dealer = Dealer: { $name }
line-trick = Trick { $n }: { $cards }
line-last-trick = Huling trick: { $cards } → nakuha ni { $name }
line-scores = Iskor: { $scores }
turn-bid = ▶ Si **{ $name }** ang magbi-bid
turn-play = ▶ Si **{ $name }** ang titira
turn-timed-bid = ▶ Si **{ $name }** ang magbi-bid (mauubos ang oras { $when })
turn-timed-play = ▶ Si **{ $name }** ang titira (mauubos ang oras { $when })
turn-computer-bid = ▶ Nagbi-bid si { $name }
turn-computer-play = ▶ Tumitira si { $name }
turn-away-bid = ▶ { $name }: wala muna siya, kaya ang computer ang nagbi-bid para sa kanya
turn-away-play = ▶ { $name }: wala muna siya, kaya ang computer ang tumitira para sa kanya
hand-over-title = { $game } — round { $hand } (tapos na)
hand-over-below = Tapos na ang round na ito: nasa ibaba ang resulta.
table-closed-title = { $game } — sarado na ang mesa
table-closed-unrated = Natapos ang larong ito nang walang resulta: walang bibilangin sa leaderboard.

smear-table-title = Smear — round { $hand }
smear-line-bids = Mga bid: { $bids }
smear-line-bidder = Bidder: { $name }, nag-bid ng **{ $bid }** · Trump: { $trump }
smear-trump-unknown = itatakda ng unang barahang ilalabas
smear-line-tally = Sa ngayon — Mataas: { $high } · Mababa: { $low } · Jack: { $jack } · Bilang para sa Laro: { $counts }
tally-open = ?
smear-line-needs = { $need ->
    [0] Nasa kay { $name } na ang lahat ng puntos na kailangan ng bid (kapag natupad ang bid, bilang ang bawat puntos).
   *[other] Kailangan pa ni { $name } ng { $need } puntos mula sa Mataas, Mababa, Jack at Laro.
}
smear-line-scores = Iskor (hanggang { $target }): { $scores }

salad-table-title = Salad — round { $contract } ng 6: { $name }
salad-line-rule = Multa sa round na ito: { $penalty }
salad-taken = { $name } { $tricks } trick ({ $penalty })
salad-line-taken = Nakuha sa round na ito: { $taken }
salad-line-totals = Kabuuan (panalo ang pinakamababa): { $scores }

salad-contract-1 = walang trick
salad-contract-2 = walang puso
salad-contract-3 = walang reyna
salad-contract-4 = walang hari ng ispada
salad-contract-5 = walang huling trick
salad-contract-6 = salad: lahat-lahat
salad-penalty-1 = 10 bawat trick na makuha
salad-penalty-2 = 10 bawat pusong makuha
salad-penalty-3 = 25 bawat reynang makuha
salad-penalty-4 = 100 kapag nakuha ang hari ng ispada
salad-penalty-5 = 100 kapag nakuha ang huling trick
salad-penalty-6 = lahat ng limang multa nang sabay-sabay

## Pings

ping-turn-bid = { $who }, ikaw na ang magbi-bid sa { $game }.
ping-turn-play = { $who }, ikaw na ang titira sa { $game }.
ping-reminder-bid = { $who }, hinihintay ng mesa ang bid mo.
ping-reminder-play = { $who }, hinihintay ng mesa ang baraha mo.
ping-time = Mauubos ang oras { $when }.
ping-way-back = Nasa ibaba ng channel ang hawak mo, o pindutin ang Ipakita ang baraha ko.

## Notes

note-timeout = ⏰ Naubos ang oras ni { $name }: ang computer ang pumili ng { $move } para sa kanya.
note-timeout-autopilot = ⏰ Naubos na naman ang oras ni { $name }: pumili ang computer ng { $move } at ito na ang maglalaro para sa kanya hanggang mag-click siya ulit.
note-back = Nakabalik na si { $name }.
note-left = Umalis si { $name } sa mesa; si { $computer } na ang maglalaro sa upuan niya.
note-replaced = Ibinigay ni { $by } sa computer ang upuan ni { $name }: si { $computer } na ang maglalaro doon.
note-cancelled = Kinansela ni { $who } ang mesa. Walang resultang itatala.
note-everyone-left = Umalis na ang lahat sa mesa: tapos ang laro nang walang resulta (hindi bibilang sa leaderboard).
note-host-left = Umalis ang host at wala pang ibang sumali: sarado na ang mesa.
note-lobby-expired = Nagsara ang mesang ito pagkalipas ng { $minutes } minuto dahil walang sumali o nagsimula.

## A hand (only its owner sees it)

smear-hand-head = **Ang hawak mo** — Smear, round { $hand }, upuan { $seat }
salad-hand-head = **Ang hawak mo** — Salad, round { $contract } ng 6: { $name } ({ $penalty }), upuan { $seat }
smear-turn-bid = **Ikaw na ang magbi-bid**: { $high }.
smear-turn-play = **Ikaw na ang titira.** { $trump }.
smear-wait-bid = Bidding: { $high }. Hinihintay si { $name }.
smear-wait-play = { $trump }. Hinihintay si { $name }.
hand-trick = Trick: { $cards }.
smear-no-bid-yet = wala pang bid
smear-high-bid = ang pinakamataas na bid ay { $bid } ({ $name })
smear-trump = Trump { $suit }
smear-trump-first-card = Trump: itatakda ng unang barahang ilalabas
smear-bid-help = Ang bid na 2, 3 o 4 ay pangakong makukuha mo ang ganoon karami sa 4 na puntos ng round (Mataas, Mababa, Jack, Laro). Kapag natupad mo, iyo lahat ng nakuha mo; kapag kinapos ka, mababawas sa iyo ang bid mo. Panalo ang unang makaabot sa { $target } nang may natupad na bid.
bid-button-pass = Pass
bid-button = { $bid ->
    [2] Bid 2: kumuha ng 2 sa 4 na puntos
    [3] Bid 3: kumuha ng 3 sa 4 na puntos
   *[4] Bid 4: kunin lahat ng 4
}
salad-turn = **Ikaw na ang titira.**
salad-wait = Hinihintay si { $name }.
hand-game-over = Tapos na ang laro.
hand-time-left = Mauubos ang oras mo { $when }.
hand-empty = (walang baraha)
hand-refresh = I-refresh
hand-hint = Payo
hand-expired = Expired na ang view na ito ng hawak mo (15 minuto lang ang pinapayagan ng Discord). Pindutin ang **Ipakita ang baraha ko** sa mensahe ng mesa para makita ulit.
hand-moved = Bumaba ang hawak mo: nasa ibaba ang pinakabagong kopya.
restriction-follow-or-trump = Sumunod sa { $led } o tumira ng trump { $trump }: naka-gray ang ibang baraha.
restriction-follow-trump = Trump { $suit } ang inilabas: sumunod ng trump. Naka-gray ang ibang baraha.
restriction-follow-suit = Sumunod sa { $led }: naka-gray ang ibang baraha.
stale-hand = Galing ang button na iyon sa round { $hand }, na tapos na: walang nilaro. Ito ang hawak mo ngayon.
stale-move = Umusad na ang laro mula nang lumabas ang button na iyon, kaya walang nilaro. Ito ang hawak mo ngayon.

## Engine refusals (with the rule of RULES.md)

illegal-follow-or-trump = Hindi puwede iyan: kailangan mong sumunod sa { $led } o tumira ng trump { $trump } (tuntunin { $rule }).
illegal-follow-trump = Hindi puwede iyan: trump { $suit } ang inilabas, kaya kailangan mong tumira ng trump (tuntunin { $rule }).
illegal-follow-suit = Hindi puwede iyan: kailangan mong sumunod sa { $led } (tuntunin { $rule }).
illegal-not-in-hand = Hindi mo puwedeng itira ang { $card }: wala iyan sa hawak mo (tuntunin { $rule }).
illegal-bid-too-low = Dapat mas mataas sa { $bid } ang bid mo (tuntunin { $rule }).
illegal-dealer-must-bid = Pumasa ang lahat ng iba, kaya kailangang mag-bid ng dealer (tuntunin { $rule }).
illegal-bid-values = Ang bid ay pass, 2, 3 o 4 (tuntunin { $rule }).
illegal-bidding-not-over = Hindi pa tapos ang bidding: mag-pass o mag-bid (tuntunin { $rule }).
illegal-bidding-over = Tapos na ang bidding: tumira ng baraha (tuntunin { $rule }).
illegal-no-bidding = Walang bidding sa Salad: tumira ng baraha (tuntunin { $rule }).
illegal-not-your-turn = Hindi pa ikaw (tuntunin { $rule }).
illegal-game-over = Tapos na ang laro (tuntunin { $rule }).
illegal-not-dealt = Hindi pa naibibigay ang mga baraha (tuntunin { $rule }).
illegal-already-dealt = Naibigay na ang mga baraha (tuntunin { $rule }).
illegal-bad-deal = Hindi posible ang ganyang deal (tuntunin { $rule }).
illegal-illegal = Hindi puwede ang galaw na iyan (tuntunin { $rule }).

## Results

smear-result-passed = **Round { $hand }**: pumasa ang lahat. Magbabalasa at magdi-deal ulit si { $name }.
smear-result-head = **Round { $hand }** — trump { $trump }. { $verdict }.
smear-made = Nag-bid si **{ $name }** ng { $bid } at natupad ito (+{ $points })
smear-set = Nag-bid si **{ $name }** ng { $bid } at kinapos (−{ $bid }: walang bilang ang { $points } puntos na nakuha)
smear-result-points = Mataas: { $high } · Mababa: { $low } · Jack: { $jack } · Laro: { $game } (bilang: { $counts })
smear-point-card = { $name } ({ $card })
smear-jack-not-dealt = hindi na-deal ({ $card })
smear-game-tie = wala (tabla)
salad-result-head = **Round { $contract } — { $name }** ({ $penalty })
salad-result-penalties = Multa: { $penalties }

standings-title = { $game } — huling resulta
standings-line = { $place }. { $name } — { $score }
standings-by-hand = Iskor pagkatapos ng bawat round
standings-hand-column = Round
standings-rematch = Rematch
standings-review = Balikan ang laro ko
standings-export = I-export ang record ng laro
standings-unrated-coach = Naka-on ang coach, kaya hindi bibilang sa leaderboard ang larong ito.
smear-won-by-target = 🏆 Panalo si **{ $name }**: nag-bid ng { $bid }, natupad ito, at umabot sa { $score } (ang target ay { $target }). Ang bidder lang ang puwedeng manalo (tuntunin S12).
smear-won-by-four = 🏆 Panalo si **{ $name }**: natupad ang bid na 4 na may { $before } puntos bago ang round. Panalo agad ang natupad na 4 basta may kahit 1 puntos ka na (tuntunin S13).
salad-won = { $count ->
    [1] 🏆 Panalo si { $names } sa pinakamababang kabuuan, { $total }.
   *[other] 🏆 Hati sa panalo sina { $names } sa pinakamababang kabuuan, { $total }.
}
chart-title = { $game }: iskor pagkatapos ng bawat round
chart-x = Round
chart-y = Iskor

## Leaderboard and stats

board-title = **Leaderboard ng { $game }**
board-empty = Wala pang natapos na laro.
board-row = { $rank }. { $name } — **{ NUMBER($rating, useGrouping: 0) }** · { $games } laro · { $wins } panalo ({ $rate }%){ $you ->
    [yes] {" "}← ikaw
   *[no] {""}
}
board-you-unrated = Wala ka pang rated na laro dito.
board-how = Lahat ay nagsisimula sa 1000; tumataas ka kapag nanalo, mas malaki kapag mas malakas ang tinalo mo. Bilang din ang mga laro laban sa computer: pare-pareho ang lakas ng bawat level. Hindi bilang ang mga larong may coach.
stats-none = Wala pang natatapos na laro si { $name } sa server na ito.
stats-games = { $games } laro, { $wins } panalo ({ $rate }%)
stats-bids = natupad na bid: { $made } sa { $bids }
stats-average = karaniwang huling iskor { $average }
stats-average-lowest = karaniwang kabuuan { $average } (mas mababa, mas mabuti)
stats-rating = rating { NUMBER($rating, useGrouping: 0) } (#{ $rank })
stats-form = mga huling laro { $form }

## Commands

name-smear = smear
name-salad = salad
name-start = simulan
name-rules = patakaran
name-seats = manlalaro
name-target = target
name-stuck-dealer = dealer_dapat_mag-bid
name-turn-timer = oras_kada_tira
name-coach = coach
name-table = mesa
name-hand = hawak
name-leave = umalis
name-cancel = ikansela
name-replace = palitan
name-export = i-export
name-player = manlalaro
name-leaderboard = leaderboard
name-game = laro
name-stats = istatistika
name-show = ipakita
name-forget = kalimutan
name-settings = setting
name-language = wika
name-my-language = wika-ko
name-forget-server = kalimutan-server
cmd-smear = Cutthroat Canadian Smear (2-3 manlalaro)
cmd-salad = Canadian Salad (3-6 manlalaro)
cmd-smear-start = Magbukas ng mesa ng Smear sa channel na ito
cmd-salad-start = Magbukas ng mesa ng Salad sa channel na ito
cmd-smear-rules = Ang mga patakaran ng Cutthroat Canadian Smear (ikaw lang ang makakakita)
cmd-salad-rules = Ang mga patakaran ng Canadian Salad (ikaw lang ang makakakita)
opt-seats-smear = Bilang ng manlalaro, 2 o 3 (default 3)
opt-seats-salad = Bilang ng manlalaro, 3 hanggang 6 (default 4)
opt-target = Puntos para manalo (default 11)
opt-stuck-dealer = Kailangang mag-bid ng dealer kapag pumasa ang lahat ng iba (default naka-off)
opt-turn-timer = Oras sa bawat tira bago ang computer ang tumira para sa iyo (default 2 min)
opt-coach = Payo na button para sa lahat; hindi bibilang sa leaderboard ang laro
timer-choice-0 = naka-off
timer-choice-30 = 30 s
timer-choice-60 = 1 min
timer-choice-120 = 2 min
timer-choice-300 = 5 min
cmd-table = Ang mesa ng baraha sa channel na ito
cmd-hand = Ang hawak mo sa mesa ng channel na ito (ikaw lang ang makakakita)
cmd-table-leave = Umalis sa mesa; computer ang uupo sa puwesto mo
cmd-table-cancel = Ikansela ang mesa (host o Manage Server)
cmd-table-replace = Ibigay sa computer ang upuan ng isang manlalaro (host o Manage Server)
opt-replace-player = Ang manlalarong papalitan ng computer
cmd-table-export = Ang record ng huling laro sa channel na ito (JSON file)
cmd-leaderboard = Mga manlalaro ng server na ito ayon sa rating
opt-game = Aling laro (default: pareho)
cmd-stats = Mga record ng mga manlalaro sa server na ito
cmd-stats-show = Ang record ng isang manlalaro sa server na ito (ikaw lang ang makakakita)
opt-stats-user = Kaninong record (default: sa iyo)
cmd-stats-forget = Burahin ang mga resulta at rating mo sa bot na ito
cmd-settings = Mga setting ng bot
cmd-settings-language = Ang wika ng mga mesa sa server na ito (Manage Server)
cmd-settings-my-language = Ang wika ng hawak mo at ng mga sagot sa iyo
cmd-settings-forget-server = Burahin lahat ng itinatago ng bot tungkol sa server na ito (owner o Manage Server)
opt-language-server = Wika ng mga mesa sa server na ito
opt-language-mine = Wika ng hawak mo at ng mga sagot sa iyo
language-auto = Awtomatiko (mula sa Discord)
settings-language-set = { $language } na ang wika ng mga mesa sa server na ito.
settings-my-language-set = { $language } na ang wika ng hawak mo at ng mga sagot sa iyo.
settings-my-language-app-first = Na-save: { $choice }. Nasa { $language } ang Discord app mo, at iyon ang mauuna habang isa ito sa mga wikang alam namin; { $choice } ang gagamitin kapag hindi.

## Answers

export-ready = Ang record ng laro sa mesa { $table } (nasa docs ang format).
left-lobby = Umalis ka sa mesa.
left-game = Umalis ka sa mesa; computer na ang maglalaro sa upuan mo at tuloy ang laro.
left-last = Umalis ka. Wala nang ibang tao sa mesa, kaya natapos ang laro nang walang resulta (hindi bibilang sa leaderboard).
replaced = Ayos na: computer na ang maglalaro sa upuang iyon.
cancelled-done = Kinansela na ang mesa; walang resultang itatala.
confirm-leave = Aalis ka na ba sa larong ito? Computer ang uupo sa puwesto mo hanggang matapos; hindi ka na makakabalik sa larong ito.
confirm-leave-last = Aalis ka na ba sa larong ito? Ikaw na lang ang tao sa mesa, kaya matatapos ang laro nang walang resulta (hindi bibilang sa leaderboard).
confirm-leave-button = Umalis sa laro
confirm-cancel = Ikansela ang larong ito para sa lahat? Matatapos ito nang walang resulta; walang bibilangin sa leaderboard.
confirm-cancel-button = Ikansela ang laro
confirm-replace = Ibigay sa computer ang upuan ni { $name }? Ito na ang maglalaro doon hanggang matapos ang laro.
confirm-replace-button = Ibigay ang upuan sa computer
confirm-forget-me = Burahin ang mga resulta, rating at setting mo sa bot na ito, sa lahat ng server? Mananatili ang mga nakaraan mong laro, pero wala na ang pangalan mo. Hindi na ito maibabalik.
confirm-forget-button = Burahin ang data ko
confirm-forget-server = Burahin lahat ng itinatago ng bot tungkol sa server na ito: mga mesa, laro, resulta, leaderboard at setting? Kakanselahin ang mga mesang may laro pa. Hindi na ito maibabalik.
confirm-forget-server-button = Burahin ang data ng server
forgot-me = Ayos na: nabura na ang mga resulta mo ({ $games } laro) at ang mga rating mo.
forgot-server = Ayos na: nabura na lahat ng itinatago ng bot tungkol sa server na ito ({ $games } laro).

## Refusals

refusal-table-closed = Sarado na ang mesang iyon: tapos na o kinansela ang laro nito.
refusal-wrong-channel = Para sa mesa sa ibang channel ang button na iyon, kaya walang ginawa.
refusal-restarting = Nagre-restart ang bot: subukan ulit maya-maya.
refusal-starting-up = Muling nagsisimula ang mesang ito, kaya walang nalaro: subukan ulit maya-maya.
refusal-database-busy = Hindi sumasagot ngayon ang database ng bot, kaya walang nalaro: subukan ulit maya-maya.
refusal-already-started = Nagsimula na ang larong ito.
refusal-not-started = Hindi pa nagsisimula ang laro.
refusal-not-saved = Pasensya, hindi ito na-save, kaya walang binago. Pakisubukan ulit maya-maya.
refusal-storage-lost = Hindi magamit ang database ng bot, kaya walang binago. Naabisuhan na ang mga nagpapatakbo ng bot.
refusal-unknown-game = Ang mga laro ay Smear at Salad.
refusal-seats = Para sa { $low } hanggang { $high } manlalaro ang larong iyon.
refusal-option = Hindi puwede ang option na iyan: { $reason }.
refusal-timer = Ang oras kada tira ay naka-off, 30 s, 1 min, 2 min o 5 min.
refusal-table-here = May mesa na sa channel na ito.
refusal-table-here-link = May mesa na sa channel na ito: { $link }
refusal-table-here-reposted = May laro na sa channel na ito; ipinost ulit sa ibaba ang mensahe ng mesa nito.
refusal-seated-already = May upuan ka na sa mesang ito.
refusal-full = Puno na ang mesang ito.
refusal-no-seat = Wala kang upuan sa mesang ito.
refusal-level = Pumili ng level ng computer mula sa menu.
refusal-take-seat-first = Umupo ka muna: ang mga nakaupo lang sa mesa ang puwedeng magdagdag ng computer.
refusal-host-only = Ang host o may Manage Server lang ang puwedeng gumawa niyan.
refusal-seat-empty = Bakante na ang upuang iyon.
refusal-host-stays = Hindi maaalis ang upuan ng host; para isara ang mesa, gamitin ang Ikansela.
refusal-too-few = Kailangan ng larong ito ng kahit { $least } manlalaro: maghintay ng iba, o magdagdag ng computer.
refusal-not-seated = Hindi ka nakaupo sa mesang ito: ang mga manlalaro lang nito ang may hawak na baraha.
refusal-not-your-hand = Hindi galing sa hawak mo ang button na iyon, kaya hindi ito nilaro.
refusal-not-your-turn = Hindi pa ikaw: hinihintay si { $name }.
refusal-illegal = { $reason }
refusal-not-a-move = Hindi iyan baraha o bid ng larong ito.
refusal-replace-person = Pumili ng taong nakaupo sa mesang ito.
refusal-rematch-not-over = Mabubuksan ang rematch kapag tapos na ang laro.
refusal-rematch-players = Ang mga naglaro lang sa larong iyon ang puwedeng magsimula ng rematch nito.
refusal-rematch-open = May mesa na sa channel na ito: doon ka sumali.
refusal-export-live = Makikita sa record ang bawat hawak na na-deal, kaya makukuha lang ito kapag tapos na ang laro.
refusal-no-record = Walang record ng laro ang mesang iyon.
refusal-no-game-here = Wala pang nilarong laro sa channel na ito.
refusal-no-table = Walang mesa sa channel na ito. Magbukas gamit ang /smear start o /salad start.
refusal-server-only = Gumagana lang ito sa channel ng isang server.
refusal-manage-server = Kailangan mo ng Manage Server na permission para diyan.
refusal-bad-option = Hindi puwede rito ang option na iyan.
refusal-pick-one = Pumili ng isa mula sa menu.
refusal-unknown-button = Hindi akin ang button na iyan (o galing sa lumang bersyon): walang ginawa.
refusal-not-yours = Sa iba ang button na iyan.
refusal-language = Pumili ng wika mula sa listahan.
error-generic = Pasensya, may nagkamali sa panig ko; walang binago. Pakisubukan ulit.

## Rules (/smear rules, /salad rules)

rules-smear =
    {""}**Cutthroat Canadian Smear** — 2 o 3 manlalaro, kanya-kanya; panalo ang unang umabot sa target (11 kung walang ibang itinakda).
    • **Deal**: tig-6 na baraha. Lilipat sa kaliwa ang deal pagkatapos ng bawat round na nilaro.
    • **Bidding**: simula sa kaliwa ng dealer, tig-iisang beses ang bawat isa: mag-pass, o mag-bid nang mas mataas (2, 3 o 4). Tapos agad ang bidding sa bid na 4. Kapag nag-pass ang lahat, magdi-deal ulit ang parehong dealer (o, kapag naka-on ang *dapat mag-bid ang dealer*, kailangang mag-bid ng dealer).
    • **Tira**: ang bidder ang unang titira; ang unang barahang ilalabas ang magtatakda ng **trump**. Sumunod sa suit o tumira ng trump; kung wala kang baraha ng suit na inilabas, kahit ano puwede. Ang pinakamataas na trump ang kukuha ng trick, kung wala, ang pinakamataas na baraha ng suit na inilabas.
    • **Puntos** (hanggang 4 bawat round): **Mataas** (ang pinakamataas na trump na na-deal, sa tumira nito), **Mababa** (ang pinakamababang trump na na-deal, sa tumira nito), **Jack** ng trump (sa nakakuha ng trick nito), **Laro** (pinakamalaking bilang ng nakuhang baraha: A 4, K 3, Q 2, J 1, 10 sampu; kapag tabla, walang makakakuha ng puntos).
    • **Iskor**: makukuha ng bidder lahat ng puntos niya kapag naabot niya ang bid, kung hindi, ibabawas sa kanya ang bid (puwedeng maging negatibo ang iskor). Makukuha ng iba ang mga puntos na nakuha nila.
    • **Panalo**: ang bidder lang ang puwedeng manalo: kapag natupad ang bid at naabot ang target, o kapag natupad ang bid na 4 na may kahit 1 puntos na bago ang round.
    Pindutin ang **Ipakita ang baraha ko** (o gamitin ang /hand) para makita at malaro ang mga baraha mo.
rules-salad =
    {""}**Canadian Salad** — 3 hanggang 6 manlalaro, kanya-kanya; anim na round, at panalo ang may **pinakamababang** kabuuan.
    • **Deck**: ibibigay lahat ng baraha (3 manlalaro: walang 2♣; 5: walang 2♣ 2♦; 6: walang 2♣ 3♣ 2♦ 3♦).
    • **Tira**: ang nasa kaliwa ng dealer ang unang titira; sumunod sa suit kung kaya, kung hindi, kahit ano. Walang trump: ang pinakamataas na baraha ng suit na inilabas ang kukuha ng trick, at siya ang susunod na titira.
    • **Ang mga round**, sunod-sunod (multa): 1. walang trick — 10 bawat trick; 2. walang puso — 10 bawat puso; 3. walang reyna — 25 bawat reyna; 4. walang hari ng ispada — 100; 5. walang huling trick — 100; 6. salad — lahat ng lima nang sabay-sabay.
    Natatapos ang round 2 hanggang 4 kapag nakuha na lahat ng barahang may multa. Kapag tabla sa pinakamababang kabuuan, panalo silang lahat.
    Pindutin ang **Ipakita ang baraha ko** (o gamitin ang /hand) para makita at malaro ang mga baraha mo.

## The coach (a table option: Hint on your turn; Review my game after the game)

hint-line = 💡 Payo: { $move }. { $reason }
review-title = **Balik-tanaw sa laro mo**: ang mga desisyong pinakamalaki ang nawala sa iyo, sa inaasahang puntos.
review-line = Round { $hand }, desisyon mo { $decision }: pinili mo ang { $chosen }; mas maganda sana ang { $better } (mga { $loss } puntos). { $reason }
review-none = Walang magastos na desisyon sa larong ito: ang galing!
review-not-player = Ang mga naglaro lang sa larong iyon ang may balik-tanaw.
review-busy = Ilang segundo lang, binabalikan ang laro mo…
refusal-coach-off = Naka-off ang coach sa mesang ito (piliin ang `coach` kapag nagbubukas ng mesa).
refusal-hint-not-your-turn = Sa tira mo lang puwedeng humingi ng payo.
coach-bid-makes = Bid { $bid }: natutupad ito ng hawak na ito mga { $chance }% ng pagkakataon (trump { $suit }).
coach-bid-go-out = Bid { $bid }: panalo ka sa laro kapag natupad ito, at natutupad ito ng hawak na ito mga { $chance }% ng pagkakataon.
coach-bid-stop = Lampasan ang bid: mananalo sa laro ang kabilang bidder kapag natupad niya ang bid niya.
coach-pass-weak = Pass: natutupad ng hawak na ito ang bid na { $bid } mga { $chance }% lang ng pagkakataon.
coach-name-trump = Kapag inilabas mo ang { $card }, { $suit } ang magiging trump: ang pinakamalakas mong suit.
coach-draw-trump = Maglabas ng trump ({ $card }) para mahatak ang mga trump ng iba.
coach-cash-winner = Ilabas ang { $card }: walang makakatalo rito.
coach-lead-low = Ilabas ang { $card }, isang mababang baraha, at itabi ang malalakas.
coach-take-jack = Kunin ang trick na ito gamit ang { $card }: nandito ang jack ng trump.
coach-save-jack = Itira ang jack ({ $card }) kung saan makukuha nito ang sarili niyang trick.
coach-save-ten = Iuwi ang sampu gamit ang { $card }: 10 ito para sa Laro.
coach-take-points = Kunin ang trick na ito gamit ang { $card }: { $points } ito para sa Laro.
coach-trump-in = Mag-trump gamit ang { $card } para makuha ang trick.
coach-duck = Pabayaan ang trick na ito: itira ang { $card }.
coach-dump-low = Walang makukuha rito: itapon ang { $card }, ang barahang pinakamura.
coach-dump-penalty = Itapon ang { $card } sa trick ng iba ({ $points } multang puntos na hindi mo makukuha).
coach-shed-danger = Hindi ka makasunod: alisin na ang { $card }, ang barahang malamang na makakuha ng trick mamaya.
coach-take-safe = Kunin ang trick na ito gamit ang { $card }: walang multa ito at ikaw ang susunod na titira.
coach-take-cheap = Kunin na ang trick gamit ang { $card }, habang pinakamaliit pa ang multa ({ $points }).
coach-lead-safe = Ilabas ang { $card }: hindi ito makakakuha ng multa.
coach-only-move = Ito lang ang barahang puwede mong itira.
coach-best-odds = Ito ang nakitang pinakamaganda ng search, kung titimbangin lahat.
