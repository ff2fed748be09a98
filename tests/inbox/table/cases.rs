//! The cases of the table: who replies in which position, how their mail
//! client writes it, what they wrote, and what must come of it. The
//! false friends of the reader (docs/players.md, "What a reply may say") are here
//! too, each beside a move or alone.

/// The position the reply answers.
#[derive(Debug, Clone, Copy)]
pub enum Setup {
    /// The game's start: Alice (White) answers the creation notice.
    Start,
    /// After 1. e2e4: Bob (Black) answers.
    AfterE4,
    /// After 1. e2e4 and Alice's draw offer: Bob answers.
    DrawOffered,
    /// After 1. e2e4 e7e5 2. Ng1f3: Bob answers.
    Move2,
}

/// How the reply is written.
#[derive(Debug, Clone, Copy)]
pub enum Client {
    /// Gmail: top-posted, plain and HTML, both quoted-printable.
    GmailTop,
    /// Outlook on the desktop: plain, the notice below its header block
    /// without quote marks.
    OutlookDesktop,
    /// Outlook on the web: HTML only, quoted-printable.
    OutlookWebHtml,
    /// Apple Mail: top-posted, its attribution quoted too.
    AppleTop,
    /// Thunderbird: bottom-posted under the quote, a signature below.
    ThunderbirdBottom,
    /// French, German and Spanish attributions, quoted-printable.
    French,
    German,
    Spanish,
    /// The notice pasted under "On … wrote:" without `>`.
    PastedUnquoted,
    /// The whole notice pasted below the words, with no `>` and no line
    /// above it.
    PastedRaw,
    /// The notice from its "How to reply" down to its FEN lines pasted
    /// above the words, with no `>`: the notice's lines with moves found
    /// by their shapes, the words below them kept.
    PastedTail,
    /// HTML only, with a legal move hidden three ways.
    HiddenHtml,
    /// Plain text and a photo of about this many bytes attached.
    WithPhoto(usize),
}

/// What must come of it: the inbox's words.
#[derive(Debug, Clone)]
pub enum Expect {
    /// Recorded, as the recorder sums it up.
    Recorded(&'static str),
    /// Nothing recorded; the answer lists these.
    Unclear(&'static [&'static str]),
    /// Nothing recorded; the answer gives the rule (and the closest
    /// legal moves), as `dynamo check` words it.
    Refused(&'static str),
    /// Nothing like a move or a phrase.
    Missing,
    /// Larger than the inbox reads: answered, and listed as unmatched.
    TooLarge,
}

pub struct Case {
    pub name: &'static str,
    pub setup: Setup,
    pub client: Client,
    pub words: &'static str,
    pub expect: Expect,
    /// Sent through Dovecot's IMAP rather than the Maildir.
    pub imap: bool,
}

const fn maildir(
    name: &'static str,
    setup: Setup,
    client: Client,
    words: &'static str,
    expect: Expect,
) -> Case {
    Case {
        name,
        setup,
        client,
        words,
        expect,
        imap: false,
    }
}

const fn imap(
    name: &'static str,
    setup: Setup,
    client: Client,
    words: &'static str,
    expect: Expect,
) -> Case {
    Case {
        name,
        setup,
        client,
        words,
        expect,
        imap: true,
    }
}

use Client::*;
use Expect::*;
use Setup::*;

pub const CASES: &[Case] = &[
    // White's first move, every client.
    maildir("bare square", Start, GmailTop, "e4", Recorded("1. e2e4")),
    maildir(
        "exact move",
        Start,
        OutlookDesktop,
        "Ng1f3",
        Recorded("1. Ng1f3"),
    ),
    maildir(
        "in a sentence",
        Start,
        AppleTop,
        "I play Nf3",
        Recorded("1. Ng1f3"),
    ),
    maildir(
        "numbered after a colon",
        Start,
        ThunderbirdBottom,
        "My move: 1. e4",
        Recorded("1. e2e4"),
    ),
    maildir(
        "French sentence",
        Start,
        French,
        "Je joue Nf3, merci !",
        Recorded("1. Ng1f3"),
    ),
    maildir(
        "German with greeting",
        Start,
        German,
        "Mein Zug: d2d4\nGruß, Alice",
        Recorded("1. d2d4"),
    ),
    maildir(
        "Spanish sentence",
        Start,
        Spanish,
        "Juego e2e4. ¡Suerte!",
        Recorded("1. e2e4"),
    ),
    maildir(
        "Outlook web, a pause after",
        Start,
        OutlookWebHtml,
        "Nf3, I think",
        Recorded("1. Ng1f3"),
    ),
    maildir(
        "pasted notice below",
        Start,
        PastedUnquoted,
        "d4",
        Recorded("1. d2d4"),
    ),
    maildir(
        "hidden decoys",
        Start,
        HiddenHtml,
        "e2e4",
        Recorded("1. e2e4"),
    ),
    maildir(
        "chatty Gmail",
        Start,
        GmailTop,
        "Hi Bob,\n\nI'll go with 1. d4 this time.\n\nCheers,\nAlice",
        Recorded("1. d2d4"),
    ),
    maildir(
        "the same move twice",
        Start,
        GmailTop,
        "Nf3 (that is Ng1f3, to be sure)",
        Recorded("1. Ng1f3"),
    ),
    maildir(
        "phone signature",
        Start,
        AppleTop,
        "e4\n\nSent from my iPhone",
        Recorded("1. e2e4"),
    ),
    maildir(
        "bold",
        Start,
        OutlookDesktop,
        "*Nb1c3*",
        Recorded("1. Nb1c3"),
    ),
    maildir(
        "annotated",
        Start,
        ThunderbirdBottom,
        "1. Nc3!?",
        Recorded("1. Nb1c3"),
    ),
    maildir(
        "move and draw offer in a sentence",
        Start,
        GmailTop,
        "Ng1f3 and I offer a draw",
        Recorded("1. Ng1f3, offering a draw"),
    ),
    maildir(
        "move then offer draw",
        Start,
        French,
        "e4\noffer draw",
        Recorded("1. e2e4, offering a draw"),
    ),
    maildir(
        "illegal Be7 passed over",
        Start,
        GmailTop,
        "Nf3 - my Be7 idea failed in the last game",
        Recorded("1. Ng1f3"),
    ),
    maildir(
        "A4 paper beside a move",
        Start,
        OutlookDesktop,
        "Ng1f3. Please print the board on A4 paper",
        Recorded("1. Ng1f3"),
    ),
    maildir(
        "a time beside a move",
        Start,
        AppleTop,
        "e2e4 - see you at the club at 10.30",
        Recorded("1. e2e4"),
    ),
    maildir(
        "a score beside a move",
        Start,
        GmailTop,
        "Ng1f3\nMy other game ended 1-0 yesterday",
        Recorded("1. Ng1f3"),
    ),
    maildir(
        "a name, OK and a date beside a move",
        Start,
        German,
        "Nf3. Thanks Ed, OK I will reply on 23.11.2026",
        Recorded("1. Ng1f3"),
    ),
    maildir(
        "the same move written twice",
        Start,
        GmailTop,
        "e2e4 and again e2e4 to be sure",
        Recorded("1. e2e4"),
    ),
    maildir(
        "descriptive",
        Start,
        Spanish,
        "Juego P-K4",
        Recorded("1. e2e4"),
    ),
    maildir(
        "small photo",
        Start,
        WithPhoto(200_000),
        "e2e4",
        Recorded("1. e2e4"),
    ),
    maildir(
        "a 4 MB photo",
        Start,
        WithPhoto(4_000_000),
        "e2e4",
        Recorded("1. e2e4"),
    ),
    maildir(
        "over the limit",
        Start,
        WithPhoto(13_000_000),
        "e2e4",
        TooLarge,
    ),
    imap(
        "draw accepted over the raw notice",
        DrawOffered,
        PastedRaw,
        "Draw accepted",
        Recorded("Black accepts the draw"),
    ),
    imap(
        "over the limit, by IMAP",
        Start,
        WithPhoto(13_000_000),
        "e2e4",
        TooLarge,
    ),
    // White: unclear.
    maildir(
        "two moves in a sentence",
        Start,
        GmailTop,
        "Nf3 or e2e4",
        Unclear(&["Nf3 (Ng1f3)", "e2e4"]),
    ),
    maildir(
        "two moves on two lines",
        Start,
        OutlookDesktop,
        "e2e4\nd2d4",
        Unclear(&["e2e4", "d2d4"]),
    ),
    maildir(
        "a move and resign",
        Start,
        AppleTop,
        "e2e4\nresign",
        Unclear(&["e2e4", "resign"]),
    ),
    maildir(
        "resign and a move named",
        Start,
        French,
        "I resign. Ng1f3 was my plan",
        Unclear(&["Ng1f3", "resign"]),
    ),
    maildir(
        "a line of moves",
        Start,
        GmailTop,
        "1. e4 e5 2. Nf3",
        Unclear(&["1. e4 (e2e4)", "2. Nf3 (Ng1f3)"]),
    ),
    maildir(
        "a move and accept draw",
        Start,
        ThunderbirdBottom,
        "e2e4, accept draw",
        Unclear(&["e2e4", "accept draw"]),
    ),
    // White: refused with the rule.
    maildir(
        "an exact illegal move",
        Start,
        GmailTop,
        "Ng1g3",
        Refused("Ng1g3: a knight cannot move from g1 to g3; did you mean Ng1f3 or Ng1h3?"),
    ),
    maildir(
        "castling not yet",
        Start,
        OutlookDesktop,
        "I play O-O",
        Refused("O-O: cannot castle king-side: f1 is occupied"),
    ),
    maildir(
        "the king into its own pawn",
        Start,
        AppleTop,
        "1. Ke1e2",
        Refused(
            "1. Ke1e2: e2 is occupied: a piece moves under its own power only to an empty square; did you mean Ke1e2/e2e3?",
        ),
    ),
    maildir(
        "a bishop that cannot",
        Start,
        French,
        "Be7",
        Refused("Be7: e7 is occupied: a piece moves under its own power only to an empty square"),
    ),
    maildir(
        "a typo",
        Start,
        German,
        "Nc66",
        Refused(
            "'Nc66' is not a move: at column 4, expected '/' or the end of the move, found '6'; did you mean Nb1c3?",
        ),
    ),
    maildir(
        "a blocked queen, hidden decoys",
        Start,
        HiddenHtml,
        "Qd1h5",
        Refused(
            "Qd1h5: the queen on d1 cannot reach h5: the white pawn on e2 stands in the way; did you mean Qd1h5/e2E or Qd1E?",
        ),
    ),
    maildir(
        "illegal with a draw offer",
        Start,
        GmailTop,
        "Ng1g3 and I offer a draw",
        Refused("Ng1g3: a knight cannot move from g1 to g3; did you mean Ng1f3 or Ng1h3?"),
    ),
    maildir(
        "the wrong move number",
        Start,
        Spanish,
        "2. Ng1f3",
        Refused("2. Ng1f3: the move is numbered 2, but it is move 1"),
    ),
    // White: nothing.
    maildir(
        "no move yet",
        Start,
        GmailTop,
        "Hi Bob, thinking about it. Back tomorrow!",
        Missing,
    ),
    maildir(
        "a4 paper",
        Start,
        OutlookDesktop,
        "Please print it on a4 paper",
        Missing,
    ),
    maildir(
        "a time and a name",
        Start,
        AppleTop,
        "See you at 10.30, Ed",
        Missing,
    ),
    maildir(
        "scores",
        Start,
        ThunderbirdBottom,
        "My club won 1-0 and drew 0-0 at football",
        Missing,
    ),
    maildir("Ben OK", Start, French, "Ben, OK", Missing),
    maildir("only the quoted notice", Start, GmailTop, "", Missing),
    maildir(
        "only the pasted notice",
        Start,
        PastedUnquoted,
        "Thanks, I'll think",
        Missing,
    ),
    maildir(
        "denied resignation",
        Start,
        GmailTop,
        "I won't resign, not yet.",
        Missing,
    ),
    maildir(
        "a question",
        Start,
        OutlookDesktop,
        "Will you offer a draw?",
        Missing,
    ),
    maildir(
        "a date, hidden decoys",
        Start,
        HiddenHtml,
        "Back on 23.11.2026",
        Missing,
    ),
    maildir(
        "numbers",
        Start,
        German,
        "Call me on 0612345678 or in room 1234",
        Missing,
    ),
    // Black's first move.
    maildir(
        "Black numbered",
        AfterE4,
        GmailTop,
        "1... e5",
        Recorded("1... e7e5"),
    ),
    maildir(
        "Black glued with a comment",
        AfterE4,
        OutlookDesktop,
        "1...e5 (finally!)",
        Recorded("1... e7e5"),
    ),
    maildir(
        "Black after Move 1:",
        AfterE4,
        AppleTop,
        "Move 1: Ng8f6",
        Recorded("1... Ng8f6"),
    ),
    maildir(
        "Black my answer is",
        AfterE4,
        ThunderbirdBottom,
        "My answer is d5",
        Recorded("1... d7d5"),
    ),
    maildir(
        "Black French",
        AfterE4,
        French,
        "Je réponds Nf6.",
        Recorded("1... Ng8f6"),
    ),
    maildir(
        "Black German signature",
        AfterE4,
        German,
        "e7e5\n\nViele Grüße\nBob",
        Recorded("1... e7e5"),
    ),
    maildir(
        "Black Spanish",
        AfterE4,
        Spanish,
        "Mi jugada: Nc6",
        Recorded("1... Nb8c6"),
    ),
    maildir(
        "Black pasted notice",
        AfterE4,
        PastedUnquoted,
        "e7e5",
        Recorded("1... e7e5"),
    ),
    maildir(
        "Black Outlook web",
        AfterE4,
        OutlookWebHtml,
        "Nf6",
        Recorded("1... Ng8f6"),
    ),
    maildir(
        "Black hidden decoys",
        AfterE4,
        HiddenHtml,
        "e5",
        Recorded("1... e7e5"),
    ),
    maildir(
        "Black names White's move",
        AfterE4,
        GmailTop,
        "Your e4 was expected. I play e5.",
        Recorded("1... e7e5"),
    ),
    maildir(
        "Black moves and offers",
        AfterE4,
        GmailTop,
        "e7e5 and I offer a draw",
        Recorded("1... e7e5, offering a draw"),
    ),
    maildir(
        "Black resigns politely",
        AfterE4,
        AppleTop,
        "I resign. Well played, Alice!",
        Recorded("Black resigns"),
    ),
    maildir(
        "Black resigns in a word",
        AfterE4,
        OutlookDesktop,
        "Resign.",
        Recorded("Black resigns"),
    ),
    maildir(
        "Black offers",
        AfterE4,
        French,
        "I offer a draw",
        Recorded("Black offers a draw"),
    ),
    maildir(
        "resign beside the opponent's move",
        AfterE4,
        ThunderbirdBottom,
        "Hmm. I resign. Your e4 was too strong",
        Recorded("Black resigns"),
    ),
    maildir(
        "resign beside an illegal move",
        AfterE4,
        GmailTop,
        "I resign. Your Qd1h5 would have won anyway",
        Recorded("Black resigns"),
    ),
    // Black: unclear.
    maildir(
        "Black two moves",
        AfterE4,
        GmailTop,
        "e7e5 or d7d5",
        Unclear(&["e7e5", "d7d5"]),
    ),
    maildir(
        "Black two knights",
        AfterE4,
        OutlookDesktop,
        "Ng8f6\nNb8c6",
        Unclear(&["Ng8f6", "Nb8c6"]),
    ),
    maildir(
        "Black moves and resigns",
        AfterE4,
        AppleTop,
        "e7e5. I resign",
        Unclear(&["e7e5", "resign"]),
    ),
    maildir(
        "Black resigns and offers",
        AfterE4,
        German,
        "I resign and offer a draw",
        Unclear(&["offer draw", "resign"]),
    ),
    // Black: refused.
    maildir(
        "Black typo",
        AfterE4,
        GmailTop,
        "2... Nc66",
        Refused(
            "'2... Nc66' is not a move: at column 9, expected '/' or the end of the move, found '6'; did you mean Nb8c6?",
        ),
    ),
    maildir(
        "Black blocked bishop",
        AfterE4,
        ThunderbirdBottom,
        "Bf8c5",
        Refused(
            "Bf8c5: the bishop on f8 cannot reach c5: the black pawn on e7 stands in the way; did you mean Bf8c5/e7b4, Bf8c5/e7a3 or Bf8c5/e7E?",
        ),
    ),
    maildir(
        "Black king to an occupied square",
        AfterE4,
        Spanish,
        "1... Ke8e7",
        Refused(
            "1... Ke8e7: e7 is occupied: a piece moves under its own power only to an empty square; did you mean Ke8e7/e7e6?",
        ),
    ),
    maildir(
        "Black moves White's pawn",
        AfterE4,
        French,
        "e2e4",
        Refused("e2e4: there is no piece on e2; did you mean e7e5 or e7e6?"),
    ),
    // Black: nothing.
    maildir(
        "Black thinks",
        AfterE4,
        GmailTop,
        "Nice opening! I need a day to think.",
        Missing,
    ),
    maildir(
        "Black Outlook web chat",
        AfterE4,
        OutlookWebHtml,
        "Thanks Ed, see you Sunday",
        Missing,
    ),
    maildir(
        "Black hidden decoys only",
        AfterE4,
        HiddenHtml,
        "Back soon",
        Missing,
    ),
    // Move 2.
    maildir(
        "move 2 numbered",
        Move2,
        GmailTop,
        "2... Nc6",
        Recorded("2... Nb8c6"),
    ),
    maildir(
        "move 2 exact",
        Move2,
        OutlookDesktop,
        "Nb8c6",
        Recorded("2... Nb8c6"),
    ),
    maildir(
        "move 2 wrong number",
        Move2,
        AppleTop,
        "1... Nc6",
        Refused("1... Nc6: the move is numbered 1, but it is move 2"),
    ),
    maildir(
        "move 2 names White's knight",
        Move2,
        ThunderbirdBottom,
        "Move 2: Nf6. Your Nf3 is annoying",
        Recorded("2... Ng8f6"),
    ),
    maildir(
        "move 2 under the pasted move list",
        Move2,
        PastedUnquoted,
        "Nc6",
        Recorded("2... Nb8c6"),
    ),
    // The notice pasted raw: its move list, FEN lines and examples are
    // never the player's command.
    maildir(
        "e7e5 over the whole notice pasted raw",
        AfterE4,
        PastedRaw,
        "e7e5",
        Recorded("1... e7e5"),
    ),
    maildir(
        "first move over the raw notice",
        Start,
        PastedRaw,
        "e4",
        Recorded("1. e2e4"),
    ),
    maildir(
        "move 2 over the raw notice",
        Move2,
        PastedRaw,
        "Nc6",
        Recorded("2... Nb8c6"),
    ),
    maildir(
        "only the raw notice",
        Move2,
        PastedRaw,
        "Thanks, I'll think",
        Missing,
    ),
    maildir(
        "move under the pasted move list and FEN",
        Move2,
        PastedTail,
        "Nc6",
        Recorded("2... Nb8c6"),
    ),
    maildir(
        "Black under the pasted instructions",
        AfterE4,
        PastedTail,
        "I play e7e5",
        Recorded("1... e7e5"),
    ),
    maildir(
        "nothing under the pasted instructions",
        Start,
        PastedTail,
        "not yet",
        Missing,
    ),
    // The phrases in the players' own languages, each with its
    // language's client where the table has one.
    maildir(
        "French move and draw offer",
        Start,
        French,
        "c2c4, et je propose la nulle.",
        Recorded("1. c2c4, offering a draw"),
    ),
    maildir(
        "Italian move and draw offer",
        Start,
        GmailTop,
        "e2e4 e propongo la patta",
        Recorded("1. e2e4, offering a draw"),
    ),
    maildir(
        "German resignation",
        AfterE4,
        German,
        "Ich gebe auf. Gut gespielt!",
        Recorded("Black resigns"),
    ),
    maildir(
        "Spanish resignation",
        AfterE4,
        Spanish,
        "Abandono. Enhorabuena, Alice",
        Recorded("Black resigns"),
    ),
    maildir(
        "Italian draw accepted",
        DrawOffered,
        GmailTop,
        "Accetto la patta, grazie",
        Recorded("Black accepts the draw"),
    ),
    maildir(
        "French draw declined",
        DrawOffered,
        French,
        "Je n'accepte pas la nulle.",
        Recorded("Black declines the draw"),
    ),
    maildir(
        "German draw declined",
        DrawOffered,
        German,
        "Ich lehne das Remis ab",
        Recorded("Black declines the draw"),
    ),
    maildir(
        "Spanish draw accepted",
        DrawOffered,
        Spanish,
        "Tablas aceptadas",
        Recorded("Black accepts the draw"),
    ),
    maildir(
        "Spanish denied resignation",
        AfterE4,
        Spanish,
        "No me rindo todavía",
        Missing,
    ),
    // A careful referee's reading: two candidates, a move and a phrase on
    // one line, a move closing a sentence, castling in prose, a capture, a
    // dash and words after a move.
    maildir(
        "two candidates, a question",
        Start,
        GmailTop,
        "Nf3 or d4? I can't decide yet.",
        Unclear(&["Nf3 (Ng1f3)", "d4 (d2d4)"]),
    ),
    maildir(
        "torn between two squares",
        Start,
        OutlookDesktop,
        "I'm torn between c4 and d4",
        Unclear(&["c4 (c2c4)", "d4 (d2d4)"]),
    ),
    maildir(
        "Black's two candidates",
        AfterE4,
        AppleTop,
        "e5 or c5, what do you think?",
        Unclear(&["e5 (e7e5)", "c5 (c7c5)"]),
    ),
    maildir(
        "French candidates",
        Start,
        French,
        "J'hésite entre c4 et d4.",
        Unclear(&["c4 (c2c4)", "d4 (d2d4)"]),
    ),
    maildir(
        "German candidates",
        Move2,
        German,
        "Nc6 oder d6? Ich weiß es noch nicht",
        Unclear(&["Nc6 (Nb8c6)", "d6 (d7d6)"]),
    ),
    maildir(
        "Spanish candidates",
        Start,
        Spanish,
        "e4 o d4, no sé",
        Unclear(&["e4 (e2e4)", "d4 (d2d4)"]),
    ),
    maildir(
        "a square and a draw offer",
        Start,
        GmailTop,
        "c4 and I offer a draw",
        Recorded("1. c2c4, offering a draw"),
    ),
    maildir(
        "a French square and offer",
        Start,
        French,
        "c4, et je propose la nulle.",
        Recorded("1. c2c4, offering a draw"),
    ),
    maildir(
        "Black's square and offer",
        AfterE4,
        OutlookWebHtml,
        "e5 and I offer a draw",
        Recorded("1... e7e5, offering a draw"),
    ),
    maildir(
        "a square and accept draw",
        Move2,
        ThunderbirdBottom,
        "d6 and I accept the draw",
        Unclear(&["d6 (d7d6)", "accept draw"]),
    ),
    maildir(
        "a Spanish square and offer",
        Start,
        Spanish,
        "d4 y ofrezco tablas",
        Recorded("1. d2d4, offering a draw"),
    ),
    maildir(
        "a German square and offer",
        Start,
        German,
        "e4 und ich biete Remis an",
        Recorded("1. e2e4, offering a draw"),
    ),
    maildir(
        "a square closing a sentence",
        Start,
        GmailTop,
        "After a long think, I play c4.",
        Recorded("1. c2c4"),
    ),
    maildir(
        "Black's square closing a sentence",
        AfterE4,
        AppleTop,
        "My answer is e5.",
        Recorded("1... e7e5"),
    ),
    maildir(
        "a square closing the mail",
        Move2,
        OutlookDesktop,
        "In the end my move is d6.\nBest, Bob",
        Recorded("2... d7d6"),
    ),
    maildir(
        "numbered castling in prose",
        Start,
        ThunderbirdBottom,
        "Castling now, 1. 0-0 as planned",
        Refused("1. 0-0: cannot castle king-side: f1 is occupied"),
    ),
    maildir(
        "glued numbered castling",
        AfterE4,
        GmailTop,
        "Then 1...0-0 and we will see",
        Refused("1... 0-0: cannot castle king-side: f8 is occupied"),
    ),
    maildir(
        "a pawn capture",
        AfterE4,
        GmailTop,
        "dxe4",
        Refused(
            "dxe4: there are no captures in Dynamo Chess: a piece moves to an empty square, or pushes or pulls another piece",
        ),
    ),
    maildir(
        "a knight capture",
        Start,
        OutlookDesktop,
        "Nxe5",
        Refused(
            "Nxe5: there are no captures in Dynamo Chess: a piece moves to an empty square, or pushes or pulls another piece; did you mean Nb1E or Ng1E?",
        ),
    ),
    maildir(
        "a capture in a sentence",
        Move2,
        AppleTop,
        "I take Nxf3, sorry",
        Refused(
            "Nxf3: there are no captures in Dynamo Chess: a piece moves to an empty square, or pushes or pulls another piece; did you mean Ng8f6?",
        ),
    ),
    maildir(
        "a numbered capture",
        Move2,
        German,
        "2... Bxf3, ha",
        Refused(
            "2... Bxf3: there are no captures in Dynamo Chess: a piece moves to an empty square, or pushes or pulls another piece; did you mean Bf8E or Bf8a3?",
        ),
    ),
    maildir(
        "a queen capture",
        Move2,
        Spanish,
        "Qxe4",
        Refused(
            "Qxe4: there are no captures in Dynamo Chess: a piece moves to an empty square, or pushes or pulls another piece; did you mean Qd8E, Qd8e7 or Qd8h4?",
        ),
    ),
    maildir(
        "a square, a dash and words",
        Start,
        GmailTop,
        "d4 - the Queen's Gambit",
        Recorded("1. d2d4"),
    ),
    maildir(
        "an en dash",
        Start,
        OutlookWebHtml,
        "c4 – the English",
        Recorded("1. c2c4"),
    ),
    maildir(
        "Black's dash",
        AfterE4,
        AppleTop,
        "c5 - the Sicilian, of course",
        Recorded("1... c7c5"),
    ),
    maildir(
        "an em dash in French",
        Move2,
        French,
        "d6 — la Philidor",
        Recorded("2... d7d6"),
    ),
    maildir(
        "a Spanish dash",
        AfterE4,
        Spanish,
        "e5 - la abierta",
        Recorded("1... e7e5"),
    ),
    // Through IMAP: draw offers answered, and a few of each kind.
    imap(
        "draw accepted",
        DrawOffered,
        GmailTop,
        "Draw accepted",
        Recorded("Black accepts the draw"),
    ),
    imap(
        "accept your draw offer",
        DrawOffered,
        OutlookDesktop,
        "I accept your draw offer, thanks Alice",
        Recorded("Black accepts the draw"),
    ),
    imap(
        "decline in a sentence",
        DrawOffered,
        AppleTop,
        "No thanks, I decline the draw.",
        Recorded("Black declines the draw"),
    ),
    imap(
        "accept draw phrase",
        DrawOffered,
        French,
        "accept draw",
        Recorded("Black accepts the draw"),
    ),
    imap(
        "decline and move",
        DrawOffered,
        ThunderbirdBottom,
        "I don't accept the draw. e7e5",
        Recorded("1... e7e5"),
    ),
    imap(
        "the offer as a noun",
        DrawOffered,
        German,
        "Thanks for your draw offer. I play e5",
        Recorded("1... e7e5"),
    ),
    imap(
        "accept and move",
        DrawOffered,
        GmailTop,
        "Draw accepted. e7e5",
        Unclear(&["e7e5", "accept draw"]),
    ),
    imap(
        "declined under the pasted notice",
        DrawOffered,
        PastedUnquoted,
        "Draw declined",
        Recorded("Black declines the draw"),
    ),
    imap(
        "IMAP Gmail move",
        Start,
        GmailTop,
        "I play Nf3",
        Recorded("1. Ng1f3"),
    ),
    imap(
        "IMAP refused",
        AfterE4,
        OutlookWebHtml,
        "Bf8c5",
        Refused(
            "Bf8c5: the bishop on f8 cannot reach c5: the black pawn on e7 stands in the way; did you mean Bf8c5/e7b4, Bf8c5/e7a3 or Bf8c5/e7E?",
        ),
    ),
    imap("IMAP nothing", AfterE4, Spanish, "Gracias, Ed", Missing),
];
