# Päivän peli (bot/render/daily.py, bot/tables/service/daily.py): /smear päivän-peli ja
# /salad päivän-peli, samat kortit kaikille samana päivänä pelaaville, ja sen tulostaulut.

name-daily = päivän-peli
cmd-smear-daily = Päivän Smear-peli: samat kortit kaikille, Mestari-tietokoneita vastaan
cmd-salad-daily = Päivän Salad-peli: samat kortit kaikille, Mestari-tietokoneita vastaan

daily-title = Päivän { $game } — { $day }
daily-intro = **{ $name }** pelaa tämän päivän { $game }-peliä: { $hands } jakoa vastassaan { $computers }. Jokainen tänään pelaava saa samat kortit samalle paikalle.
daily-hidden = Kortit pysyvät täällä piilossa: pelaa sama peli itse komennolla { $command } (kerran päivässä).
daily-table-title = Päivän { $game } — jako { $hand }/{ $hands }
daily-table-who = **{ $name }** pelaa tämän päivän peliä vastassaan { $computers }.
daily-scores-smear = Pisteet: { $scores }
daily-scores-salad = Sakkopisteet yhteensä (pienin voittaa): { $scores }
daily-hand-over-title = Päivän { $game } — jako { $hand }/{ $hands } (päättyi)
daily-stopped-here = Peli keskeytettiin tämän jaon aikana.
daily-final-title = Päivän { $game } — { $day }: tulos
daily-final-smear = **{ $name }** pelasi tämän päivän pelin loppuun: **{ $result }** (omat pisteet miinus parhaan tietokoneen pisteet).
daily-final-salad = **{ $name }** pelasi tämän päivän pelin loppuun: **{ $result }** sakkopistettä (pienempi on parempi).
daily-final-stopped = **{ $name }** lopetti { $hands } jaon jälkeen ({ $of } jaosta): **{ $result }** sillä hetkellä, sijoitus kaikkien loppuun pelanneiden jälkeen.
daily-final-board = Miten kaikki pärjäsivät, ja par (mitä Mestari-tietokone sai samalla paikalla): alla oleva nappi tai { $command }.
daily-board-button = Päivän tulostaulu
daily-hand-done = Päivän pelisi on päättynyt: tuloksesi on **{ $result }**. Päivän tulostaulu löytyy kanavalta tuloksen napista.

daily-board-day = Päivä
daily-board-week = Viikko
daily-board-title = Päivän { $game } — tulostaulu { $day }
daily-board-how-smear = Omat pisteet miinus parhaan tietokoneen pisteet, suurin ensin. **Par** on se, mitä Mestari-tietokone sai sinun paikallasi.
daily-board-how-salad = Sakkopisteesi yhteensä, pienin ensin. **Par** on se, mitä Mestari-tietokone sai sinun paikallasi.
daily-board-row = { $rank }. { $name } **{ $result }**
daily-board-left = (lopetti { $hands } jaon jälkeen)
daily-board-you = ← sinä
daily-board-par = — 🤖 par **{ $result }** —
daily-board-par-pending = Paria lasketaan vielä: katso uudelleen hetken päästä.
daily-board-playing = Pelaa vielä: { $names }
daily-board-empty = Kukaan ei ole vielä pelannut sitä.
daily-week-title = Päivän { $game } — viikko { $first } – { $last }
daily-week-how = Kunkin päivän tulos pariin verrattuna, yhteen laskettuna (kesken jätetty peli ei koskaan lasketa pariakaan paremmaksi).
daily-week-row = { $rank }. { $name } **{ $points }** ({ $days ->
    [one] { $days } päivä
   *[other] { $days } päivää
})
daily-week-pending = Joidenkin päivien paria lasketaan vielä: niiden tulokset lasketaan, kun se tiedetään.

daily-played = Olet jo pelannut tämän päivän pelin: tuloksesi on **{ $result }**. Yksi yritys päivässä; tässä tulostaulu.
daily-playing = Pelaat jo tämän päivän peliä: pelaa se loppuun sen pöydässä.
daily-playing-link = Pelaat jo tämän päivän peliä: { $link }
daily-dealing = Päivän peliäsi jaetaan: hetki.
daily-channel-busy = Tällä kanavalla on jo pöytä: pelaa päivän pelisi, kun tämä peli on päättynyt.
daily-channel-busy-link = Tällä kanavalla on jo pöytä ({ $link }): pelaa päivän pelisi, kun tämä peli on päättynyt.
daily-export-later = Tämä on päivän peli: sen tallenteesta näkyvät sen päivän kortit, joten saat sen, kun olet pelannut pelin itse, tai seuraavasta päivästä alkaen (UTC).

daily-confirm-leave = Lähdetkö tämän päivän pelistä? Se lasketaan päivän ainoaksi yritykseksesi, pisteillä sellaisina kuin ne nyt ovat.
daily-confirm-cancel = Lopetetaanko tämä päivän peli? Se lasketaan pelaajansa päivän ainoaksi yritykseksi, pisteillä sellaisina kuin ne nyt ovat.
daily-left = Lähdit tämän päivän pelistä: tuloksesi lasketaan sellaisena kuin se oli.
daily-ended = Päivän peli on päättynyt: pelaajan tulos lasketaan sellaisena kuin se oli.
daily-no-replace = Päivän peliä pelataan yksin tietokoneita vastaan: siitä lähteminen (tai /table cancel) lopettaa sen.
