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
