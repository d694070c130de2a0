//! The crate's own StateStore as the judge of the awaken runtime's
//! differential test (runtimes/awaken/crate_test.go): SCENARIO_CASES names
//! a JSON file of cases, each steps of node writes; every step is one
//! StateCommand a node, merged and committed on one store per case, as
//! Awaken's phase engine does; the state after each step (or the store's
//! refusal) goes to the JSON file SCENARIO_RESULTS. Without them the test
//! checks the keys by hand.

use awaken_runtime::state::{MutationBatch, StateCommand, StateStore};
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
    let cases: Vec<Vec<Vec<Vec<(String, Value)>>>> =
        serde_json::from_str(&std::fs::read_to_string(cases).unwrap()).unwrap();
    let mut out = Vec::new();
    for steps in cases {
        let store = new_store();
        out.push(steps.iter().map(|s| step(&store, s)).collect::<Vec<_>>());
    }
    std::fs::write(results, serde_json::to_string(&out).unwrap()).unwrap();
}
