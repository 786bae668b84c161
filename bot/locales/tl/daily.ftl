# Ang deal ng araw (bot/render/daily.py, bot/tables/service/daily.py): /smear araw-araw at
# /salad araw-araw, parehong baraha para sa lahat ng maglalaro sa isang araw, at ang mga ranggo.

name-daily = araw-araw
cmd-smear-daily = Ang Smear deal ngayong araw: parehong baraha para sa lahat, laban sa mga Eksperto na computer
cmd-salad-daily = Ang Salad deal ngayong araw: parehong baraha para sa lahat, laban sa mga Eksperto na computer

daily-title = { $game } ng araw — { $day }
daily-intro = Nilalaro ni **{ $name }** ang { $game } deal ngayong araw: { $hands } round laban kina { $computers }. Pareho ang baraha sa parehong upuan ng lahat ng maglalaro nito ngayon.
daily-hidden = Nakatago rito ang mga baraha: laruin mo rin ang parehong deal gamit ang { $command } (isang beses bawat araw).
daily-table-title = { $game } ng araw — round { $hand } ng { $hands }
daily-table-who = Nilalaro ni **{ $name }** ang deal ngayong araw laban kina { $computers }.
daily-scores-smear = Iskor: { $scores }
daily-scores-salad = Kabuuang multa (panalo ang pinakamababa): { $scores }
daily-hand-over-title = { $game } ng araw — round { $hand } ng { $hands } (tapos na)
daily-stopped-here = Itinigil ang deal sa round na ito.
daily-final-title = { $game } ng araw — { $day }: ang resulta
daily-final-smear = Nilaro ni **{ $name }** hanggang dulo ang deal ngayong araw: **{ $result }** (ang puntos niya bawas ang sa pinakamagaling na computer).
daily-final-salad = Nilaro ni **{ $name }** hanggang dulo ang deal ngayong araw: **{ $result }** na multa (mas mababa, mas mabuti).
daily-final-stopped = Huminto si **{ $name }** pagkatapos ng { $hands } sa { $of } na round: **{ $result }** sa puntong iyon, nasa ranggo pagkatapos ng lahat ng naglaro hanggang dulo.
daily-final-board = Kung paano ang lahat, kasama ang par (ang nakuha ng Eksperto na computer sa parehong upuan): ang button sa ibaba, o { $command }.
daily-board-button = Ranggo ng araw
daily-hand-done = Tapos na ang deal mo ngayong araw: ang resulta mo ay **{ $result }**. Nasa resulta sa channel ang button ng ranggo ng araw.

daily-board-day = Araw
daily-board-week = Linggo
daily-board-title = { $game } ng araw — ranggo ng { $day }
daily-board-how-smear = Ang puntos mo bawas ang sa pinakamagaling na computer, pinakamataas muna. Ang **par** ay ang nakuha ng Eksperto na computer sa upuan mo.
daily-board-how-salad = Ang kabuuang multa mo, pinakamababa muna. Ang **par** ay ang nakuha ng Eksperto na computer sa upuan mo.
daily-board-row = { $rank }. { $name } **{ $result }**
daily-board-left = (huminto pagkatapos ng { $hands } round)
daily-board-you = ← ikaw
daily-board-par = — 🤖 par **{ $result }** —
daily-board-par-pending = Kinukuwenta pa ang par: tumingin ulit pagkalipas ng isang minuto.
daily-board-playing = Naglalaro pa: { $names }
daily-board-empty = Wala pang naglaro nito.
daily-week-title = { $game } ng araw — linggo ng { $first } hanggang { $last }
daily-week-how = Ang resulta ng bawat araw kumpara sa par, pinagsama (ang deal na hindi natapos ay hindi kailanman bibilang na mas mabuti sa par).
daily-week-row = { $rank }. { $name } **{ $points }** ({ $days } araw)
daily-week-pending = Kinukuwenta pa ang par ng ilang araw: bibilang ang mga resulta nila kapag alam na ito.

daily-played = Nalaro mo na ang deal ngayong araw: ang resulta mo ay **{ $result }**. Isang subok bawat araw; narito ang ranggo.
daily-playing = Nilalaro mo na ang deal ngayong araw: tapusin mo ito sa mesa nito.
daily-playing-link = Nilalaro mo na ang deal ngayong araw: { $link }
daily-dealing = Dine-deal pa ang deal mo ngayong araw: sandali lang.
daily-channel-busy = May mesa na sa channel na ito: laruin ang deal mo ngayong araw kapag tapos na ang larong ito.
daily-channel-busy-link = May mesa na sa channel na ito ({ $link }): laruin ang deal mo ngayong araw kapag tapos na ang larong ito.
daily-export-later = Ito ay deal ng araw: makikita sa record nito ang mga baraha ng araw na iyon, kaya makukuha mo ito kapag nalaro mo na ang deal na iyon, o simula sa susunod na araw (UTC).

daily-confirm-leave = Aalis sa deal ngayong araw? Bibilang ito bilang nag-iisang subok mo ngayong araw, sa iskor mo ngayon.
daily-confirm-cancel = Tapusin ang deal na ito ng araw? Bibilang ito bilang nag-iisang subok ng naglalaro nito ngayong araw, sa iskor ngayon.
daily-left = Umalis ka sa deal ngayong araw: bibilang ang resulta mo kung ano ito nang umalis ka.
daily-ended = Tapos na ang deal ng araw: bibilang ang resulta ng naglaro kung ano ito nang matapos.
daily-no-replace = Mag-isang nilalaro laban sa mga computer ang deal ng araw: ang pag-alis dito (o /table cancel) ang tatapos dito.
