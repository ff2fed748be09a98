//! Round-robin sections: the Berger tables, `dynamo tournament new` and
//! `dynamo standings`.

mod berger;
