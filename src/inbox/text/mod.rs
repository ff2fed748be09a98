//! From a decoded mail body to the player's own words: `flowed` undoes
//! format=flowed (RFC 3676), `html` turns an HTML body into lines with the
//! quoted blocks and the text not shown (`hidden`) left out, `clean` evens out line ends and invisible or
//! unusual spaces, and `own_words` keeps the lines above (or between) the
//! quoted text, the forwarded or original message and the signature;
//! `notice_lines` leaves out a notice pasted without quote marks, once
//! the inbox knows whose notice the reply answers.

pub mod clean;
pub mod flowed;
pub mod hidden;
pub mod html;
pub mod notice_lines;
pub mod own_words;
