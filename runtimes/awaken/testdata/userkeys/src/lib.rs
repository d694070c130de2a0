//! State keys of a team's own, with `apply`s that no generic reducer
//! models: a counter capped at 10, and a list that keeps one item per id
//! (a revised item replaces the old one where it was). `status` is a plain
//! last value.

use awaken_runtime::state::{KeyScope, MergeStrategy, StateKey, StateKeyOptions};
use awaken_runtime::{Plugin, PluginDescriptor, PluginRegistrar};
use awaken_runtime_contract::StateError;
use serde::{Deserialize, Serialize};

/// The most `CappedCount` counts to.
pub const CAP: i64 = 10;

/// A counter that adds its updates and stops at `CAP`.
pub struct CappedCount;

impl StateKey for CappedCount {
    const KEY: &'static str = "capped";
    const MERGE: MergeStrategy = MergeStrategy::Commutative;
    type Value = i64;
    type Update = i64;
    fn apply(value: &mut i64, update: i64) {
        *value = (*value + update).min(CAP);
    }
}

/// An item of `Seen`, known by its id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Item {
    pub id: String,
    pub text: String,
}

/// A list with one item per id: a revised item replaces the old in place.
pub struct Seen;

impl StateKey for Seen {
    const KEY: &'static str = "seen";
    const SCOPE: KeyScope = KeyScope::Thread;
    type Value = Vec<Item>;
    type Update = Item;
    fn apply(value: &mut Vec<Item>, update: Item) {
        match value.iter_mut().find(|i| i.id == update.id) {
            Some(old) => *old = update,
            None => value.push(update),
        }
    }
}

/// A plain last value.
pub struct Status;

impl StateKey for Status {
    const KEY: &'static str = "status";
    type Value = String;
    type Update = String;
    fn apply(value: &mut String, update: String) {
        *value = update;
    }
}

/// The plugin that registers the keys.
pub struct StatePlugin;

impl Plugin for StatePlugin {
    fn descriptor(&self) -> PluginDescriptor {
        PluginDescriptor { name: "userkeys" }
    }
    fn register(&self, r: &mut PluginRegistrar) -> Result<(), StateError> {
        r.register_key::<CappedCount>(StateKeyOptions::default())?;
        r.register_key::<Seen>(StateKeyOptions {
            scope: KeyScope::Thread,
            ..StateKeyOptions::default()
        })?;
        r.register_key::<Status>(StateKeyOptions::default())?;
        Ok(())
    }
}
