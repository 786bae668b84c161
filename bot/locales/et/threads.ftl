# Iga mäng oma lõimes (bot/tables/threads.py, bot/render/threads.py).
thread-lobby-line = { $game } · { $players }: mängitakse oma lõimes, { $thread }
thread-result-line = { $game } lõimes { $thread } on läbi: võitis { $winners }. Punktid: { $scores }.
thread-over-line = { $game } lõimes { $thread } on läbi.
thread-deleted-line = Moderaator kustutas mängu { $game } lõime ({ $players }): mäng lõppes ilma reitinguta; lõpetatud jaod jäävad alles.
thread-locked-line = Moderaator lukustas mängu { $game } lõime ({ $players }): mäng lõppes ilma reitinguta; lõpetatud jaod jäävad alles.
threads-explain-permission = Seda mängu mängitakse siin kanalis. Et igal mängul oleks oma lõim, võib serveri haldaja anda botile selles kanalis õigused „Create Public Threads“ ja „Send Messages in Threads“. (Seda öeldakse üks kord.)
threads-explain-off = Seda mängu mängitakse siin kanalis: see server lülitas mängud lõimedes välja (/settings threads). (Seda öeldakse üks kord.)
refusal-play-in-thread = Sinu mängu mängitakse selle lõimes: { $thread }
refusal-which-table = Selles kanalis on mitu lauda: { $tables }. Kirjuta käsk oma mängu lõimes.
which-table-lobby = mängu { $game } ootesaal, võõrustaja { $host }
name-threads = loimed
cmd-settings-threads = Iga mäng oma lõimes (Manage Server)
opt-threads = Sees: iga mäng oma lõimes; väljas: kanalis
threads-choice-on = sees
threads-choice-off = väljas
settings-threads-on = Iga mäng selles serveris käib nüüd oma lõimes, kus bot tohib lõimi avada.
settings-threads-off = Mängud selles serveris käivad nüüd kanalis, kus need alustati.
