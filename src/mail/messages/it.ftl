# I messaggi per i giocatori, in italiano.

## Dates: a strftime pattern, the month names from the language's locale.
date-long = %-d %B %Y

## The sides and the pieces.
side-white = Bianco
side-black = Nero
named = { $name } ({ $side })
piece = { $piece ->
    [pawn] pedone
    [knight] cavallo
    [bishop] alfiere
    [rook] torre
    [queen] donna
   *[king] re
}
piece-count = { $piece ->
    [pawn] { $count ->
        [one] un pedone
       *[other] { $count } pedoni
    }
    [knight] { $count ->
        [one] un cavallo
       *[other] { $count } cavalli
    }
    [bishop] { $count ->
        [one] un alfiere
       *[other] { $count } alfieri
    }
    [rook] { $count ->
        [one] una torre
       *[other] { $count } torri
    }
    [queen] { $count ->
        [one] una donna
       *[other] { $count } donne
    }
   *[king] { $count ->
        [one] un re
       *[other] { $count } re
    }
}
list-and = { $rest } e { $last }

## The notice: greeting and what happened.
salutation = Gentile { $name },
with-time = { $what } ({ $at }).
without-time = { $what }.
headline-created = Nuova partita: { $white } contro { $black }, regole { $rules }, tempo di riflessione { $control }
headline-moved = { $mover } ha giocato { $move }
headline-move-recorded = È stata registrata una mossa
headline-draw-offered = { $by } propone la patta
headline-draw-accepted = { $by } accetta la proposta di patta di { $other }: la partita è patta
headline-draw-declined = { $by } rifiuta la proposta di patta di { $other }; la partita continua
headline-resigned = { $by } abbandona
headline-adjudicated = Il direttore del torneo ha aggiudicato la partita: { $outcome }, { $reason }
headline-leave = { $by } è in ferie dal { $from } al { $to }: in quei giorni l'orologio di { $name } non scorre

## Whose move it is.
turn-yours = { $name }, tocca a Lei muovere.
turn-yours-to-choose = { $name }, è il Suo turno.
turn-in-check = Il Suo re è sotto scacco.
turn-waiting = In attesa della mossa di { $name }.
state-over = Partita terminata: { $outcome }.
state-over-because = Partita terminata: { $outcome } ({ $reason }).
state-checkmate = Scacco matto: vince il { $winner }.
state-stalemate = Stallo: la partita è patta.
state-in-check = Tocca al { $side }, sotto scacco.
state-to-move = Tocca al { $side }.

## The subject.
subject = Dynamo: { $white } – { $black }, { $what } — { $tail }
subject-check = (scacco)
subject-your-move = tocca a Lei
subject-to-move = tocca a { $name }
subject-game-over = partita terminata, { $outcome }
summary-new-game = nuova partita
summary-move = mossa
summary-draw-offered = { $by } propone la patta
summary-draw-agreed = patta concordata
summary-draw-declined = { $by } rifiuta la patta
summary-resigned = { $by } abbandona
summary-adjudicated = aggiudicata
summary-leave = { $by } in ferie dal { $from } al { $to }
summary-chose = { $by } ha scelto { $piece ->
    [pawn] un pedone
    [knight] un cavallo
    [bishop] un alfiere
    [rook] una torre
    [queen] una donna
   *[king] un re
}

## The game's lines.
event-round = Turno { $round }
event-name = Torneo: { $event }
event-name-round = Torneo: { $event }, turno { $round }
last-move = Ultima mossa: { $move } di { $name }, ricevuta il { $at }
no-moves = Nessuna mossa finora.
result = Risultato: { $outcome } — { $reason }
leave-now = Ferie: { $name } è in ferie fino al { $to }; l'orologio di { $name } è fermo.
leave-coming = Ferie: { $name } sarà in ferie dal { $from } al { $to }; in quei giorni l'orologio di { $name } non scorrerà.
draw-standing = Proposta di patta: { $by } ha proposto la patta; resta valida finché { $other } non la accetta, la rifiuta o muove.
lost = Fuori dalla scacchiera: { $white }; { $black }.
lost-side = { $side }: { $what }
lost-nothing = nessun pezzo

## The plain-text copy's headings and signature.
how-to-reply = Come rispondere
moves-heading = Mosse:
moves-none = (nessuna)
fen-before = Posizione prima dell'ultima mossa (regola del non ritorno): { $fen }
signature = Inviato da dynamo, l'arbitro di Scacchi Dynamo.

## Un codice di risposta valido da un indirizzo che non è del giocatore.
stranger-note = Una mail con il codice di risposta della Sua notifica è arrivata il { $at } da { $from }, che non è il Suo indirizzo per questa partita: non è stato registrato nulla e il mittente non riceve risposta.
stranger-note-next = Se era Lei, invii di nuovo la risposta da questo indirizzo, oppure chieda all'arbitro di cambiare il Suo indirizzo per le Sue partite.
## Durations, clocks and deadlines.
span-unit = { $unit ->
    [day] { $count ->
        [one] { $count } giorno
       *[other] { $count } giorni
    }
    [hour] { $count ->
        [one] { $count } ora
       *[other] { $count } ore
    }
    [minute] { $count ->
        [one] { $count } minuto
       *[other] { $count } minuti
    }
   *[second] { $count ->
        [one] { $count } secondo
       *[other] { $count } secondi
    }
}
clock-of = Orologio di { $named }: { $what }
clock-state = { $left }, { $state }
clock-left = { $time } a disposizione
clock-over = { $time } oltre il limite di tempo
clock-running = in moto
clock-stopped = fermo per ferie
clock-hand = { $time } per la prossima mossa, fermo
clock-hand-over = { $time } oltre il limite di tempo, fermo (la prossima mossa di { $name } sarà in ritardo per quanto presto arrivi)
deadline-next = Prossima scadenza: { $deadline }, per la mossa di { $name }
deadline-overdue = Scadenza: superata dal { $deadline }, per la mossa di { $name }

## A move after its deadline.
late-received = ricevuta { $by } dopo la scadenza, { $deadline }
late-move = Mossa in ritardo: la mossa { $move } di { $mover } è stata { $late }; tempo di riflessione { $control }: { $allows }.
late-claim = { $name } può reclamare la partita per tempo: il direttore del torneo può aggiudicarla come persa per tempo. Finché il direttore non decide, la partita continua.
move-number = mossa { $number }
allows-per-move = ogni mossa entro { $time } dalla mossa dell'avversario
allows-period = { $time } ogni { $moves } mosse, quindi { $total } in tutto per le prime { $upto } mosse di un giocatore

## The pieces the last move took off the board.
exits = Usciti dalla scacchiera: { $pieces }.
exit = { $piece ->
    [pawn] il pedone { $color ->
        [white] bianco
       *[black] nero
    }
    [knight] il cavallo { $color ->
        [white] bianco
       *[black] nero
    }
    [bishop] l'alfiere { $color ->
        [white] bianco
       *[black] nero
    }
    [rook] la torre { $color ->
        [white] bianca
       *[black] nera
    }
    [queen] la donna { $color ->
        [white] bianca
       *[black] nera
    }
   *[king] il re { $color ->
        [white] bianco
       *[black] nero
    }
} da { $from }

## A pawn awaiting its owner's choice.
choice-by-move = La mossa { $move } di { $name }
choice-by-last = L'ultima mossa
choice-theirs = { $by } ha lasciato il pedone di { $name } in { $square }: { $name } sceglie il pezzo in cui promuoverlo, poi muove.
choice-yours = { $by } ha portato il Suo pedone in { $square }: scelga il pezzo in cui promuoverlo (donna, torre, alfiere o cavallo) e poi faccia la Sua mossa, in una sola risposta ({ $example }) oppure prima la scelta ({ $alone }) e la mossa più tardi.
choice-example-none = =Q e la Sua mossa
choice-last-rank = ultima traversa
headline-chose = { $by } ha scelto { $piece ->
    [pawn] un pedone
    [knight] un cavallo
    [bishop] un alfiere
    [rook] una torre
    [queen] una donna
   *[king] un re
} per il pedone in { $square }

## The director's corrections.
correction-undone = Il direttore del torneo ha annullato { $move } di { $by }
correction-header = Il direttore del torneo ha corretto la partita: { $changes }
correction-reason = { $what }. Motivo: { $reason }
summary-undone = { $move } annullata
summary-corrected = formulario corretto
change-address = l'indirizzo del { $side } è cambiato
change-set = { $name } ora è «{ $new }»
change-was = { $name } ora è «{ $new }» (era «{ $old }»)

## How to reply; the phrases stay as the reader of replies reads them.
phrases-offer = «{ $offer }» (da sola o con la Sua mossa), oppure «{ $resign }»
phrases-answer-offer = «{ $accept }» o «{ $decline }» ({ $opponent } propone la patta), oppure «{ $resign }»
phrases-resign = «{ $resign }»
reply-move = Risponda con una mossa, da sola o in una frase.
reply-move-example = Risponda con una mossa, da sola o in una frase, per esempio «{ $move }».
reply-move-examples = Risponda con una mossa, da sola o in una frase, per esempio «{ $move }» o «gioco { $shove }».
reply-or = Oppure scriva { $phrases }.
reply-later = Quando { $opponent } avrà mosso, risponda a quell'avviso con una mossa, da sola o in una frase.
reply-meanwhile = Nel frattempo può scrivere { $phrases }.
replies-go = Le risposte vanno a { $to }.
reply-none = La partita è terminata: non occorre rispondere.

## The HTML copy.
text-diagram = Diagramma testuale
board-alt = La scacchiera dal lato del { $side }. FEN: { $fen }

## Reminders of a deadline.
remind-subject = Dynamo: { $names } — promemoria: { $what }
remind-overdue-subject = la Sua scadenza del { $deadline } è passata
remind-due-subject = la Sua mossa scade il { $deadline }
remind-overdue = la Sua mossa contro { $opponent } era dovuta entro il { $deadline }, { $ago } fa, e non è stata registrata alcuna mossa{ $control }. { $opponent } può reclamare la partita per tempo: il direttore del torneo riceve copia di questo promemoria e può aggiudicarla come persa per tempo. Finché il direttore non decide, la partita continua e la Sua mossa viene ancora registrata, come mossa in ritardo.
remind-control = { " " }(tempo di riflessione { $control }: { $allows })
remind-due = Le ricordiamo che tocca a Lei muovere contro { $opponent }. La Sua scadenza è il { $deadline }, tra { $left }.
remind-last-move = Ultima mossa: { $move }
remind-reply = Risponda all'ultimo avviso della partita, o a questo messaggio, con una mossa, da sola o in una frase.

## Answers to a player's mail.
answer-signature = Inviato da dynamo, l'arbitro di Scacchi Dynamo: una risposta automatica alla Sua email.
answer-refused = La Sua email del { $at } è stata letta, ma non è stato registrato nulla:
answer-already = La Sua email del { $at } è stata letta: è già registrata come { $what } il { $when }. Non è stato fatto altro.
answer-too-large = La Sua email del { $at } non è stata letta: supera { $mb } MB, il massimo che l'arbitro legge. Gli allegati (una foto, una scansione) rendono grande un'email.
answer-send-again = Invii di nuovo la Sua mossa rispondendo a questo messaggio, senza allegati.
answer-cancelled = La Sua email del { $at } è stata letta, ma non è stato registrato nulla: il direttore del torneo ha annullato il girone { $section }, le cui partite non si giocano più.
answer-moved-on = La Sua email del { $at } è stata letta, ma non è stato registrato nulla: la partita è andata avanti dall'avviso a cui ha risposto; risponda all'ultimo avviso (o a questo messaggio).
conditional-none-to-cancel = La Sua email del { $at } è stata letta: non aveva mosse condizionali da annullare.
conditional-cancelled = La Sua email del { $at } è stata letta: le Sue mosse condizionali sono annullate; nessuna sarà giocata:
conditional-stand = La Sua email del { $at } è stata letta: le Sue mosse condizionali ora sono le seguenti. Ogni risposta viene registrata nel momento in cui viene registrata la mossa dell'avversario che la precede; l'avversario non le vede mai.
