//! The crate's own StateStore as the judge of the awaken runtime's
//! differential test (runtimes/awaken/crate_test.go): SCENARIO_CASES names
//! a JSON file of cases, each a list of steps and runs; a step is one
//! StateCommand a node, merged and committed, as Awaken's phase engine
//! does; a run is a new store that keeps the thread-scoped keys of the last
//! (restore_thread_scoped) and takes its input as its seed. The state after
//! each (or the store's refusal) goes to the JSON file SCENARIO_RESULTS.
//! Without them the test checks the keys by hand.

use awaken_runtime::state::{MutationBatch, PersistedState, StateCommand, StateStore};
use awaken_runtime_contract::UnknownKeyPolicy;
use serde_json::{Value, json};
use userkeys::{CappedCount, Item, Seen, StatePlugin, Status};

fn write(batch: &mut MutationBatch, key: &str, v: Value) {
    match key {
        "capped" => batch.update::<CappedCount>(serde_json::from_value(v).unwrap()),
        "seen" => batch.update::<Seen>(serde_json::from_value::<Item>(v).unwrap()),
        "status" => batch.update::<Status>(serde_json::from_value(v).unwrap()),
        other => panic!("no key {other}"),
    }
}

fn step(store: &StateStore, nodes: &[Vec<(String, Value)>]) -> Value {
    let mut commands = Vec::new();
    for writes in nodes {
        let mut cmd = StateCommand::new();
        for (k, v) in writes {
            write(&mut cmd.patch, k, v.clone());
        }
        commands.push(cmd);
    }
    let committed = store
        .merge_all_commands(commands)
        .and_then(|merged| store.commit(merged.patch));
    match committed {
        Ok(_) => {
            let state = store.export_persisted().unwrap();
            json!({ "values": state.extensions })
        }
        Err(e) => json!({ "error": format!("{e:?}") }),
    }
}

fn new_store() -> StateStore {
    let store = StateStore::new();
    store.install_plugin(StatePlugin).unwrap();
    store
}

#[test]
fn cases() {
    let (Ok(cases), Ok(results)) = (
        std::env::var("SCENARIO_CASES"),
        std::env::var("SCENARIO_RESULTS"),
    ) else {
        let store = new_store();
        let a = |k: &str, v: Value| vec![vec![(k.to_string(), v)]];
        step(&store, &a("capped", json!(7)));
        let out = step(&store, &a("capped", json!(7)));
        assert_eq!(out["values"]["capped"], json!(10));
        step(&store, &a("seen", json!({"id": "a", "text": "x"})));
        step(&store, &a("seen", json!({"id": "b", "text": "y"})));
        let out = step(&store, &a("seen", json!({"id": "a", "text": "z"})));
        assert_eq!(out["values"]["seen"], json!([{"id": "a", "text": "z"}, {"id": "b", "text": "y"}]));
        return;
    };
    #[derive(serde::Deserialize)]
    struct Step {
        nodes: Option<Vec<Vec<(String, Value)>>>,
        run: Option<serde_json::Map<String, Value>>,
    }
    let cases: Vec<Vec<Step>> =
        serde_json::from_str(&std::fs::read_to_string(cases).unwrap()).unwrap();
    let mut out = Vec::new();
    for steps in cases {
        let mut store = new_store();
        let mut results = Vec::new();
        for s in steps {
            if let Some(nodes) = &s.nodes {
                results.push(step(&store, nodes));
                continue;
            }
            let before = store.export_persisted().unwrap();
            store = new_store();
            store
                .restore_thread_scoped(before, UnknownKeyPolicy::Skip)
                .unwrap();
            let seed = PersistedState {
                revision: 0,
                extensions: s.run.unwrap_or_default().into_iter().collect(),
            };
            results.push(match store.apply_seed(seed, UnknownKeyPolicy::Error) {
                Ok(()) => json!({ "values": store.export_persisted().unwrap().extensions }),
                Err(e) => json!({ "error": format!("{e:?}") }),
            });
        }
        out.push(results);
    }
    std::fs::write(results, serde_json::to_string(&out).unwrap()).unwrap();
}
