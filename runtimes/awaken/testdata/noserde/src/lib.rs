//! A key whose Update type has no Deserialize.

use awaken_runtime::state::{StateKey, StateKeyOptions};
use awaken_runtime::{Plugin, PluginDescriptor, PluginRegistrar};
use awaken_runtime_contract::StateError;

/// What a write to `Tally` carries: no serde.
pub struct TallyUpdate(pub i64);

/// A counter written with `TallyUpdate`.
pub struct Tally;

impl StateKey for Tally {
    const KEY: &'static str = "tally";
    type Value = i64;
    type Update = TallyUpdate;
    fn apply(value: &mut i64, update: TallyUpdate) {
        *value += update.0;
    }
}

/// The plugin that registers `Tally`.
pub struct StatePlugin;

impl Plugin for StatePlugin {
    fn descriptor(&self) -> PluginDescriptor {
        PluginDescriptor { name: "noserde" }
    }
    fn register(&self, r: &mut PluginRegistrar) -> Result<(), StateError> {
        r.register_key::<Tally>(StateKeyOptions::default())
    }
}
