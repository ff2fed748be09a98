//! Moves by email: players' replies read (`replies`).

mod replies;
