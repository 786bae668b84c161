# Päeva mäng (bot/render/daily.py, bot/tables/service/daily.py): /smear päeva-mäng ja
# /salad päeva-mäng, samad kaardid kõigile, kes samal päeval mängivad, ja selle edetabelid.

name-daily = päeva-mäng
cmd-smear-daily = Tänane Smeari mäng: kõigile samad kaardid, Ekspert-arvutite vastu
cmd-salad-daily = Tänane Saladi mäng: kõigile samad kaardid, Ekspert-arvutite vastu

daily-title = Päeva { $game } — { $day }
daily-intro = **{ $name }** mängib tänast { $game }-mängu: { $hands } vooru arvutite { $computers } vastu. Kõik, kes seda täna mängivad, saavad samal kohal samad kaardid.
daily-hidden = Kaardid jäävad siin peitu: mängi sama mängu ise käsuga { $command } (kord päevas).
daily-table-title = Päeva { $game } — voor { $hand }/{ $hands }
daily-table-who = **{ $name }** mängib tänast mängu arvutite { $computers } vastu.
daily-scores-smear = Punktid: { $scores }
daily-scores-salad = Trahvipunktid kokku (väikseim võidab): { $scores }
daily-hand-over-title = Päeva { $game } — voor { $hand }/{ $hands } (läbi)
daily-stopped-here = Mäng katkestati selle vooru ajal.
daily-final-title = Päeva { $game } — { $day }: tulemus
daily-final-smear = **{ $name }** mängis tänase mängu lõpuni: **{ $result }** (oma punktid miinus parima arvuti omad).
daily-final-salad = **{ $name }** mängis tänase mängu lõpuni: **{ $result }** trahvipunkti (vähem on parem).
daily-final-stopped = **{ $name }** lõpetas pärast { $hands }. vooru ({ $of }-st): **{ $result }** sel hetkel, pingereas kõigi lõpuni mänginute järel.
daily-final-board = Kuidas kõigil läks, koos pariga (mis Ekspert-arvuti samal kohal sai): allolev nupp või { $command }.
daily-board-button = Päeva edetabel
daily-hand-done = Sinu päeva mäng on läbi: sinu tulemus on **{ $result }**. Päeva edetabel on kanalis tulemuse all oleva nupu taga.

daily-board-day = Päev
daily-board-week = Nädal
daily-board-title = Päeva { $game } — edetabel { $day }
daily-board-how-smear = Sinu punktid miinus parima arvuti omad, suurim eespool. **Par** on see, mis Ekspert-arvuti sinu kohal sai.
daily-board-how-salad = Sinu trahvipunktid kokku, väikseim eespool. **Par** on see, mis Ekspert-arvuti sinu kohal sai.
daily-board-row = { $rank }. { $name } **{ $result }**
daily-board-left = (lõpetas pärast { $hands }. vooru)
daily-board-you = ← sina
daily-board-par = — 🤖 par **{ $result }** —
daily-board-par-pending = Pari alles arvutatakse: vaata minuti pärast uuesti.
daily-board-playing = Veel mängimas: { $names }
daily-board-empty = Keegi pole seda veel mänginud.
daily-week-title = Päeva { $game } — nädal { $first } kuni { $last }
daily-week-how = Iga päeva tulemus pari suhtes, kokku liidetud (lõpuni mängimata mäng ei lähe kunagi arvesse parist paremana).
daily-week-row = { $rank }. { $name } **{ $points }** ({ $days ->
    [one] { $days } päev
   *[other] { $days } päeva
})
daily-week-pending = Mõne päeva pari alles arvutatakse: nende tulemused lähevad arvesse, kui see on teada.

daily-played = Oled tänase mängu juba mänginud: sinu tulemus on **{ $result }**. Üks katse päevas; siin on edetabel.
daily-playing = Sa mängid tänast mängu juba: mängi see oma laua taga lõpuni.
daily-playing-link = Sa mängid tänast mängu juba: { $link }
daily-dealing = Sinu päeva mängu jagatakse: hetk.
daily-channel-busy = Selles kanalis on juba laud: mängi oma päeva mängu, kui see mäng on läbi.
daily-channel-busy-link = Selles kanalis on juba laud ({ $link }): mängi oma päeva mängu, kui see mäng on läbi.
daily-export-later = See on päeva mäng: selle protokollis on näha selle päeva kaardid, seega saad selle, kui oled seda mängu ise mänginud, või alates järgmisest päevast (UTC).

daily-confirm-leave = Kas lahkud tänasest mängust? See läheb arvesse sinu ainsa tänase katsena, punktidega nagu need praegu on.
daily-confirm-cancel = Kas lõpetada see päeva mäng? See läheb arvesse selle mängija ainsa tänase katsena, punktidega nagu need praegu on.
daily-left = Sa lahkusid tänasest mängust: sinu tulemus läheb arvesse sellisena, nagu see oli.
daily-ended = Päeva mäng on läbi: mängija tulemus läheb arvesse sellisena, nagu see oli.
daily-no-replace = Päeva mängu mängitakse üksi arvutite vastu: sealt lahkumine (või /table cancel) lõpetab selle.
