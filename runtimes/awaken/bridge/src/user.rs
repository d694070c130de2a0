//! The user's crate the program is built with: none here. The harness
//! writes this file over when it builds the program with a crate (a
//! scenario's `Given the graph from "Cargo.toml:<plugin>"`): `GRAPH` the
//! reference, `plugin()` the crate's plugin, `keys()` its key types.

use crate::{NoPlugin, UserKey};

/// The reference the program was built for, "" without a crate.
pub const GRAPH: &str = "";

/// The crate's plugin, which registers its keys.
pub fn plugin() -> NoPlugin {
    NoPlugin
}

/// The crate's key types.
pub fn keys() -> Vec<UserKey> {
    Vec::new()
}
