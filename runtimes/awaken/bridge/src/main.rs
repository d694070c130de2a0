//! The awaken runtime's program: a scenario's commits applied by Awaken's
//! own `StateStore` (awaken-runtime 0.6.0), one JSON request a line on
//! stdin, one answer a line on stdout (the protocol of runtimes/bridge).
//!
//! Awaken's state keys are Rust types, so the schema's fields are mapped
//! onto a fixed pool of JSON-valued key types, exclusive and commutative
//! (`MergeStrategy` is a key's constant), by slot: the n-th field is
//! `Exclusive<n>` or `Commutative<n>`, registered by a plugin with the
//! field's scope. A key the schema does not declare takes a slot nobody
//! registered, so that the store refuses it as it refuses any unknown key.
//! Every commit builds a fresh store, as a run does:
//!
//!   - input: the schema's defaults and the thread-scoped keys of the state
//!     before (`restore_thread_scoped`), then the input as the run's seed
//!     (`apply_seed`, which writes each key as given and bumps no revision);
//!   - step: the state before (`restore_persisted`), then one `StateCommand`
//!     a node, its writes in order, merged as the phase engine's
//!     `collect_commands` merges them (`merge_all_commands`:
//!     `ParallelMergeConflict` on an exclusive key two commands write),
//!     and committed;
//!   - tool: the tool's writes as one command, committed on its own.
//!
//! The state after is `export_persisted()`: a key never written is absent;
//! the answer's `revision` is the fresh store's after the commit (0: Awaken
//! did not count it as one).
//! A key's `apply` is the field's reducer (docs/reference.md, Reducers), written here: Awaken
//! leaves `apply` to the key's author.
//!
//! Built with a user's crate (user.rs, which the harness then writes), a
//! scenario on that crate (`Given the graph from "Cargo.toml:<plugin>"`)
//! runs on the crate's own keys instead: a fresh store a commit with the
//! user's plugin installed, each write read into the key's `Update` with
//! serde and applied by the key's own `apply`, the state written back by the
//! key's own serde.

mod user;

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::sync::Arc;

use awaken_runtime::state::{
    KeyScope, MergeStrategy, MutationBatch, PersistedState, StateCommand, StateKey,
    StateKeyOptions, StateStore,
};
use awaken_runtime::{Plugin, PluginDescriptor, PluginRegistrar};
use awaken_runtime_contract::{StateError, UnknownKeyPolicy};
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

/// The version Cargo.toml pins (=0.6.0, with awaken-runtime-contract).
const AWAKEN_RUNTIME: &str = "0.6.0";

/// A field's reducer, which its key's `apply` runs.
#[derive(Clone, Debug)]
enum Reducer {
    Replace,
    Append,
    Merge,
    MergePatch,
    Sum,
    Union,
    Join(String),
}

impl Reducer {
    fn parse(spec: &str) -> Option<Reducer> {
        Some(match spec {
            "replace" | "last-value" => Reducer::Replace,
            "append" => Reducer::Append,
            "merge" => Reducer::Merge,
            "merge-patch" => Reducer::MergePatch,
            "sum" => Reducer::Sum,
            "union" => Reducer::Union,
            _ => {
                let arg = spec.strip_prefix("join(")?.strip_suffix(')')?;
                Reducer::Join(serde_json::from_str::<String>(arg).ok()?)
            }
        })
    }
}

/// One write of a node to a key: the update of the key's `apply`.
struct Update {
    field: Arc<str>,
    reducer: Arc<Reducer>,
    spec: Arc<str>,
    value: Value,
}

/// A failure of an `apply`, which Awaken's signature cannot return: the
/// first is kept and fails the commit once the store has applied it (the
/// store is thrown away).
struct ApplyError {
    code: &'static str,
    field: String,
    message: String,
}

thread_local! {
    static APPLY_ERROR: RefCell<Option<ApplyError>> = const { RefCell::new(None) };
}

fn apply_failed(code: &'static str, u: &Update, message: String) {
    APPLY_ERROR.with(|e| {
        let mut e = e.borrow_mut();
        if e.is_none() {
            *e = Some(ApplyError {
                code,
                field: u.field.to_string(),
                message,
            });
        }
    });
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn type_error(u: &Update, want: &str, got: &Value) {
    apply_failed(
        "REDUCER_TYPE_ERROR",
        u,
        format!(
            "field {:?} with reducer {} expects {}, received {}",
            &*u.field,
            &*u.spec,
            want,
            type_name(got)
        ),
    );
}

/// The largest integer a JavaScript runtime keeps exactly (docs/reference.md, Values).
const MAX_SAFE_INTEGER: f64 = 9007199254740991.0;

fn number(x: f64) -> Value {
    if x == x.trunc() && x.abs() <= MAX_SAFE_INTEGER {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// reduce is a reducer of docs/reference.md, Reducers; a current value of null is the empty
/// one, which is also where a key never written starts (`Value::default()`).
fn reduce(cur: &mut Value, u: Update) {
    let add = |v: &Value| match v {
        Value::Array(a) => a.clone(),
        other => vec![other.clone()],
    };
    match &*u.reducer {
        Reducer::Replace => *cur = u.value,
        Reducer::Append | Reducer::Union => {
            let mut base = match cur {
                Value::Null => Vec::new(),
                Value::Array(a) => std::mem::take(a),
                other => return type_error(&u, "the current value to be an array", other),
            };
            for v in add(&u.value) {
                if matches!(&*u.reducer, Reducer::Union) && base.contains(&v) {
                    continue;
                }
                base.push(v);
            }
            *cur = Value::Array(base);
        }
        Reducer::Merge => {
            let Value::Object(add) = &u.value else {
                return type_error(&u, "an object", &u.value);
            };
            let mut base = match cur {
                Value::Null => Map::new(),
                Value::Object(m) => std::mem::take(m),
                other => return type_error(&u, "the current value to be an object", other),
            };
            for (k, v) in add {
                base.insert(k.clone(), v.clone());
            }
            *cur = Value::Object(base);
        }
        Reducer::MergePatch => *cur = merge_patch(std::mem::take(cur), u.value),
        Reducer::Sum => {
            let Some(n) = u.value.as_f64() else {
                return type_error(&u, "a number", &u.value);
            };
            let base = match cur {
                Value::Null => 0.0,
                Value::Number(b) => b.as_f64().unwrap_or(0.0),
                other => return type_error(&u, "the current value to be a number", other),
            };
            let sum = base + n;
            if sum.is_infinite() {
                return apply_failed(
                    "NON_JSON_VALUE",
                    &u,
                    format!(
                        "field {:?}: the sum overflows to infinity, which is not a JSON number",
                        &*u.field
                    ),
                );
            }
            if sum == sum.trunc() && sum.abs() > MAX_SAFE_INTEGER {
                return apply_failed(
                    "UNSAFE_INTEGER",
                    &u,
                    format!("field {:?}: the sum is outside ±(2^53−1)", &*u.field),
                );
            }
            *cur = number(sum);
        }
        Reducer::Join(sep) => {
            let Value::String(s) = &u.value else {
                return type_error(&u, "a string", &u.value);
            };
            match cur {
                Value::Null => *cur = Value::String(s.clone()),
                Value::String(base) if base.is_empty() => *base = s.clone(),
                Value::String(base) => {
                    base.push_str(sep);
                    base.push_str(s);
                }
                other => type_error(&u, "the current value to be a string", other),
            }
        }
    }
}

/// merge_patch is RFC 7396.
fn merge_patch(target: Value, patch: Value) -> Value {
    let Value::Object(patch) = patch else {
        return patch;
    };
    let mut out = match target {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    for (k, v) in patch {
        if v.is_null() {
            out.remove(&k);
        } else {
            let t = out.remove(&k).unwrap_or(Value::Null);
            out.insert(k, merge_patch(t, v));
        }
    }
    Value::Object(out)
}

/// A key type of the user's crate, as the program calls it: by its `KEY`,
/// its update read from JSON (None: its `Update` has no `Deserialize`).
pub struct UserKey {
    pub key: &'static str,
    pub type_name: &'static str,
    pub update_type: &'static str,
    pub update: Option<fn(&mut MutationBatch, Value) -> Result<(), serde_json::Error>>,
    pub default: fn() -> Result<Value, serde_json::Error>,
}

/// Probe picks, for a key type named in user.rs, the UserKey that reads its
/// updates from JSON when its `Update` is `Deserialize` (FromJson, found
/// first) and the one that says it cannot otherwise (NotFromJson): a crate
/// builds whatever its keys' updates are, and only a scenario that writes
/// such a key fails, naming it.
pub struct Probe<K>(pub std::marker::PhantomData<K>);

pub trait FromJson {
    fn user_key(&self) -> UserKey;
}

impl<K: StateKey> FromJson for Probe<K>
where
    K::Update: serde::de::DeserializeOwned,
{
    fn user_key(&self) -> UserKey {
        UserKey {
            key: K::KEY,
            type_name: std::any::type_name::<K>(),
            update_type: std::any::type_name::<K::Update>(),
            update: Some(|b, v| {
                let u: K::Update = serde_json::from_value(v)?;
                b.update::<K>(u);
                Ok(())
            }),
            default: || serde_json::to_value(K::Value::default()),
        }
    }
}

pub trait NotFromJson {
    fn user_key(&self) -> UserKey;
}

impl<K: StateKey> NotFromJson for &Probe<K> {
    fn user_key(&self) -> UserKey {
        UserKey {
            key: K::KEY,
            type_name: std::any::type_name::<K>(),
            update_type: std::any::type_name::<K::Update>(),
            update: None,
            default: || serde_json::to_value(K::Value::default()),
        }
    }
}

/// user_key! is the UserKey of a key type of the user's crate.
#[macro_export]
macro_rules! user_key {
    ($t:ty) => {{
        #[allow(unused_imports)]
        use $crate::{FromJson, NotFromJson};
        (&$crate::Probe::<$t>(std::marker::PhantomData)).user_key()
    }};
}

/// NoPlugin stands for the user's plugin in a program built without a crate.
pub struct NoPlugin;

impl Plugin for NoPlugin {
    fn descriptor(&self) -> PluginDescriptor {
        PluginDescriptor {
            name: "scenario-no-crate",
        }
    }
    fn register(&self, _: &mut PluginRegistrar) -> Result<(), StateError> {
        Ok(())
    }
}

/// The pool of key types: slot n is `Exclusive<n>` or `Commutative<n>`.
struct Exclusive<const N: usize>;
struct Commutative<const N: usize>;

impl<const N: usize> StateKey for Exclusive<N> {
    const KEY: &'static str = EXCLUSIVE_KEYS[N];
    const MERGE: MergeStrategy = MergeStrategy::Exclusive;
    type Value = Value;
    type Update = Update;
    fn apply(value: &mut Value, update: Update) {
        reduce(value, update)
    }
}

impl<const N: usize> StateKey for Commutative<N> {
    const KEY: &'static str = COMMUTATIVE_KEYS[N];
    const MERGE: MergeStrategy = MergeStrategy::Commutative;
    type Value = Value;
    type Update = Update;
    fn apply(value: &mut Value, update: Update) {
        reduce(value, update)
    }
}

/// What the bridge does with one key type, whichever it is.
struct KeyFns {
    register: fn(&mut PluginRegistrar, StateKeyOptions) -> Result<(), StateError>,
    update: fn(&mut MutationBatch, Update),
}

const fn key_fns<K: StateKey<Update = Update>>() -> KeyFns {
    KeyFns {
        register: |r, o| r.register_key::<K>(o),
        update: |b, u| b.update::<K>(u),
    }
}

macro_rules! pool {
    ($($n:literal)*) => {
        const EXCLUSIVE_KEYS: &[&str] = &[$(concat!("exclusive.", $n)),*];
        const COMMUTATIVE_KEYS: &[&str] = &[$(concat!("commutative.", $n)),*];
        const EXCLUSIVE: &[KeyFns] = &[$(key_fns::<Exclusive<$n>>()),*];
        const COMMUTATIVE: &[KeyFns] = &[$(key_fns::<Commutative<$n>>()),*];
    };
}

pool!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
      32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63);

/// One field of a graph and the key it is.
struct Field {
    name: Arc<str>,
    spec: Arc<str>,
    reducer: Arc<Reducer>,
    commutative: bool,
    scope: KeyScope,
    default: Option<Value>,
}

impl Field {
    fn fns(&self, slot: usize) -> &'static KeyFns {
        if self.commutative {
            &COMMUTATIVE[slot]
        } else {
            &EXCLUSIVE[slot]
        }
    }
    fn key(&self, slot: usize) -> &'static str {
        if self.commutative {
            COMMUTATIVE_KEYS[slot]
        } else {
            EXCLUSIVE_KEYS[slot]
        }
    }
}

/// A scenario's graph: its fields, slot n the n-th.
struct Graph {
    fields: Vec<Field>,
    by_name: HashMap<String, usize>,
    /// the scenario runs on the user's crate's keys (commit_own)
    own: bool,
}

/// The plugin that registers a graph's keys, as an Awaken plugin registers
/// its own.
struct Fields(Arc<Graph>);

impl Plugin for Fields {
    fn descriptor(&self) -> PluginDescriptor {
        PluginDescriptor {
            name: "scenario-fields",
        }
    }
    fn register(&self, r: &mut PluginRegistrar) -> Result<(), StateError> {
        for (slot, f) in self.0.fields.iter().enumerate() {
            // every key persists: the harness leaves non-persistent fields
            // out of its checkpoints itself
            let options = StateKeyOptions {
                persistent: true,
                retain_on_uninstall: false,
                scope: f.scope,
            };
            (f.fns(slot).register)(r, options)?;
        }
        Ok(())
    }
}

/// A failed request: its §11 code, message and field.
struct Failure {
    code: &'static str,
    message: String,
    field: Option<String>,
}

impl Failure {
    fn new(code: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
            field: None,
        }
    }
}

/// The keys of one commit: the graph's, then those it does not declare,
/// each on a slot of its own that no plugin registered.
struct Keys<'g> {
    g: &'g Graph,
    unknown: Vec<String>,
}

impl<'g> Keys<'g> {
    fn slot(&mut self, name: &str) -> Result<(usize, Option<&'g Field>), Failure> {
        if let Some(&i) = self.g.by_name.get(name) {
            return Ok((i, Some(&self.g.fields[i])));
        }
        let i = match self.unknown.iter().position(|k| k == name) {
            Some(i) => i,
            None => {
                self.unknown.push(name.to_string());
                self.unknown.len() - 1
            }
        };
        let slot = self.g.fields.len() + i;
        if slot >= EXCLUSIVE_KEYS.len() {
            return Err(Failure::new(
                "RUNTIME_ERROR",
                format!(
                    "the awaken bridge has {} key slots, and this commit needs more",
                    EXCLUSIVE_KEYS.len()
                ),
            ));
        }
        Ok((slot, None))
    }

    /// name is the field or unknown key a store's key name stands for.
    fn name(&self, key: &str) -> String {
        let find = |keys: &[&str]| keys.iter().position(|k| *k == key);
        let Some(slot) = find(EXCLUSIVE_KEYS).or_else(|| find(COMMUTATIVE_KEYS)) else {
            return key.to_string();
        };
        match self.g.fields.get(slot) {
            Some(f) => f.name.to_string(),
            None => self
                .unknown
                .get(slot - self.g.fields.len())
                .cloned()
                .unwrap_or_else(|| key.to_string()),
        }
    }

    /// add puts a write of name into batch, as a key of its slot.
    fn add(&mut self, batch: &mut MutationBatch, name: &str, value: Value) -> Result<(), Failure> {
        let (slot, field) = self.slot(name)?;
        let u = match field {
            Some(f) => Update {
                field: f.name.clone(),
                reducer: f.reducer.clone(),
                spec: f.spec.clone(),
                value,
            },
            None => Update {
                field: name.into(),
                reducer: Arc::new(Reducer::Replace),
                spec: "replace".into(),
                value,
            },
        };
        let fns = match field {
            Some(f) => f.fns(slot),
            None => &EXCLUSIVE[slot],
        };
        (fns.update)(batch, u);
        Ok(())
    }

    /// failure is a store's refusal, with the field it names.
    fn failure(&self, err: StateError) -> Failure {
        let (code, err) = match err {
            StateError::ParallelMergeConflict { key } => (
                "EXCLUSIVE_MERGE_CONFLICT",
                StateError::ParallelMergeConflict {
                    key: self.name(&key),
                },
            ),
            StateError::UnknownKey { key } => (
                "UNKNOWN_KEY",
                StateError::UnknownKey {
                    key: self.name(&key),
                },
            ),
            StateError::KeyDecode { key, message } => (
                "RUNTIME_ERROR",
                StateError::KeyDecode {
                    key: self.name(&key),
                    message,
                },
            ),
            other => ("RUNTIME_ERROR", other),
        };
        let field = match &err {
            StateError::ParallelMergeConflict { key }
            | StateError::UnknownKey { key }
            | StateError::KeyDecode { key, .. } => Some(key.clone()),
            _ => None,
        };
        Failure {
            code,
            message: err.to_string(),
            field,
        }
    }

    /// persisted is a state as the store imports it: by key name.
    fn persisted(
        &mut self,
        values: impl IntoIterator<Item = (String, Value)>,
    ) -> Result<PersistedState, Failure> {
        let mut extensions = HashMap::new();
        for (name, v) in values {
            let (slot, field) = self.slot(&name)?;
            let key = match field {
                Some(f) => f.key(slot),
                None => EXCLUSIVE_KEYS[slot],
            };
            extensions.insert(key.to_string(), v);
        }
        Ok(PersistedState {
            revision: 0,
            extensions,
        })
    }
}

/// An object as written, its members in order: the order of a node's
/// writes.
struct Ordered(Vec<(String, Value)>);

impl<'de> serde::Deserialize<'de> for Ordered {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Ordered, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Ordered;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Ordered, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = m.next_entry::<String, Value>()? {
                    out.push((k, v));
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(serde::Deserialize)]
struct NodeOutput {
    node: String,
    #[serde(default)]
    command: bool,
    /// the step runs the graph's own node (When node "x" runs)
    #[serde(default)]
    run: bool,
    output: Option<Box<RawValue>>,
}

#[derive(serde::Deserialize)]
struct FieldSpec {
    name: String,
    reducer: String,
    #[serde(default)]
    merge: String,
    #[serde(default)]
    scope: String,
    #[serde(default, deserialize_with = "present")]
    default: Option<Value>,
}

/// present reads a member that is there, null included (Option alone
/// reads null as None).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    serde::Deserialize::deserialize(d).map(Some)
}

#[derive(serde::Deserialize)]
struct Spec {
    #[serde(default)]
    fields: Vec<FieldSpec>,
    graph: Option<String>,
}

#[derive(serde::Deserialize)]
struct Request {
    id: u64,
    op: String,
    spec: Option<Spec>,
    graph: Option<usize>,
    kind: Option<String>,
    before: Option<Ordered>,
    input: Option<Ordered>,
    outputs: Option<Vec<NodeOutput>>,
    writes: Option<Vec<(String, Value)>>,
    #[serde(rename = "nextId")]
    next_id: Option<i64>,
}

struct Bridge {
    graphs: HashMap<usize, Arc<Graph>>,
    next: usize,
}

impl Bridge {
    fn open(&mut self, spec: Spec) -> Result<Value, Failure> {
        if let Some(graph) = spec.graph {
            return self.open_own(graph);
        }
        if spec.fields.len() > EXCLUSIVE_KEYS.len() {
            return Err(Failure::new(
                "RUNTIME_ERROR",
                format!(
                    "the awaken bridge has {} key slots, and the schema has {} fields",
                    EXCLUSIVE_KEYS.len(),
                    spec.fields.len()
                ),
            ));
        }
        let mut fields = Vec::new();
        let mut by_name = HashMap::new();
        for f in spec.fields {
            let Some(reducer) = Reducer::parse(&f.reducer) else {
                return Err(Failure::new(
                    "RUNTIME_ERROR",
                    format!(
                        "field {:?}: the awaken bridge has no reducer {}",
                        f.name, f.reducer
                    ),
                ));
            };
            by_name.insert(f.name.clone(), fields.len());
            fields.push(Field {
                name: f.name.into(),
                spec: f.reducer.into(),
                reducer: Arc::new(reducer),
                commutative: f.merge == "commutative",
                scope: if f.scope == "thread" {
                    KeyScope::Thread
                } else {
                    KeyScope::Run
                },
                default: f.default,
            });
        }
        self.next += 1;
        self.graphs
            .insert(self.next, Arc::new(Graph { fields, by_name, own: false }));
        Ok(json!({ "graph": self.next }))
    }

    /// open_own opens a scenario on the user's crate: its channels are the
    /// keys of user.rs that the crate's plugin registers; it has no nodes
    /// of its own (any node name returns a command).
    fn open_own(&mut self, graph: String) -> Result<Value, Failure> {
        if user::GRAPH.is_empty() || user::GRAPH != graph {
            return Err(Failure::new(
                "RUNTIME_ERROR",
                format!(
                    "this awaken program was built for {:?}, not {graph:?}",
                    user::GRAPH
                ),
            ));
        }
        let store = own_store()?;
        let mut channels = Vec::new();
        let mut kinds = Map::new();
        for k in user_keys() {
            let default = (k.default)().map_err(|e| {
                Failure::new(
                    "RUNTIME_ERROR",
                    format!("key {} ({:?}): its default value does not serialize to JSON: {e}", k.type_name, k.key),
                )
            })?;
            let probe = PersistedState {
                revision: 0,
                extensions: HashMap::from([(k.key.to_string(), default)]),
            };
            // a key type the plugin does not register is no channel
            if store.apply_seed(probe, UnknownKeyPolicy::Error).is_ok() && !kinds.contains_key(k.key) {
                channels.push(k.key);
                kinds.insert(k.key.to_string(), json!("other"));
            }
        }
        self.next += 1;
        self.graphs.insert(
            self.next,
            Arc::new(Graph {
                fields: Vec::new(),
                by_name: HashMap::new(),
                own: true,
            }),
        );
        Ok(json!({ "graph": self.next, "channels": channels, "nodes": [], "kinds": kinds }))
    }

    /// commit_own is a commit on the user's keys, as commit does on the
    /// pool's: a fresh store with the crate's plugin, the state before
    /// restored through the keys' serde, each write read into its key's
    /// Update.
    fn commit_own(&self, req: Request) -> Result<Value, Failure> {
        let store = own_store()?;
        let before = PersistedState {
            revision: 0,
            extensions: req.before.map(|b| b.0).unwrap_or_default().into_iter().collect(),
        };
        let keys = user_keys();
        let batch = |writes: Vec<(String, Value)>| -> Result<StateCommand, Failure> {
            let mut cmd = StateCommand::new();
            for (name, v) in writes {
                let Some(k) = keys.iter().find(|k| k.key == name) else {
                    return Err(own_failure(StateError::UnknownKey { key: name }));
                };
                let Some(update) = k.update else {
                    return Err(Failure {
                        code: "RUNTIME_ERROR",
                        message: format!(
                            "field {:?} is the key {} (KEY {:?}), whose Update type {} cannot be read from JSON: add #[derive(serde::Deserialize)] to {} (the harness reads each write into the key's Update with serde_json)",
                            name, k.type_name, k.key, k.update_type, k.update_type
                        ),
                        field: Some(name),
                    });
                };
                let shown = v.to_string();
                update(&mut cmd.patch, v).map_err(|e| Failure {
                    code: "REDUCER_TYPE_ERROR",
                    message: format!(
                        "field {:?}: the write {} is not a {} (the Update of {}): {e}",
                        name, shown, k.update_type, k.type_name
                    ),
                    field: Some(name.clone()),
                })?;
            }
            Ok(cmd)
        };
        let applied = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| -> Result<(), Failure> {
            match req.kind.as_deref() {
                Some("input") => {
                    store
                        .restore_thread_scoped(before, UnknownKeyPolicy::Skip)
                        .map_err(own_failure)?;
                    let input = req.input.map(|i| i.0).unwrap_or_default();
                    if let Some((k, _)) = input.iter().find(|(k, _)| !keys.iter().any(|u| u.key == k)) {
                        return Err(own_failure(StateError::UnknownKey { key: k.clone() }));
                    }
                    let seed = PersistedState {
                        revision: 0,
                        extensions: input.into_iter().collect(),
                    };
                    store.apply_seed(seed, UnknownKeyPolicy::Error).map_err(own_failure)
                }
                Some("step") => {
                    store.restore_persisted(before, UnknownKeyPolicy::Error).map_err(own_failure)?;
                    let mut commands = Vec::new();
                    for o in req.outputs.as_deref().unwrap_or_default() {
                        if o.run {
                            return Err(Failure::new(
                                "RUNTIME_ERROR",
                                format!(
                                    "node {:?}: an Awaken crate's plugin has no nodes to run; script what the node returns (When node {:?} returns:)",
                                    o.node, o.node
                                ),
                            ));
                        }
                        commands.push(batch(writes_of(o)?)?);
                    }
                    let merged = store.merge_all_commands(commands).map_err(own_failure)?;
                    store.commit(merged.patch).map(|_| ()).map_err(own_failure)
                }
                Some("tool") => {
                    store.restore_persisted(before, UnknownKeyPolicy::Error).map_err(own_failure)?;
                    let cmd = batch(req.writes.unwrap_or_default())?;
                    store.commit(cmd.patch).map(|_| ()).map_err(own_failure)
                }
                other => Err(Failure::new("RUNTIME_ERROR", format!("unknown commit kind {other:?}"))),
            }
        }));
        match applied {
            Ok(r) => r?,
            Err(panic) => {
                let why = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                return Err(Failure::new(
                    "RUNTIME_ERROR",
                    format!("a key's apply of the crate panicked: {why}"),
                ));
            }
        }
        let exported = store.export_persisted().map_err(own_failure)?;
        let values: Map<String, Value> = exported.extensions.into_iter().collect();
        Ok(json!({ "nextId": req.next_id.unwrap_or(0), "values": values, "revision": store.revision() }))
    }

    fn commit(&self, req: Request) -> Result<Value, Failure> {
        let g = req
            .graph
            .and_then(|n| self.graphs.get(&n))
            .ok_or_else(|| Failure::new("RUNTIME_ERROR", "no such graph"))?;
        if g.own {
            return self.commit_own(req);
        }
        let store = StateStore::new();
        store
            .install_plugin(Fields(g.clone()))
            .map_err(|e| Failure::new("RUNTIME_ERROR", e.to_string()))?;
        let mut keys = Keys {
            g,
            unknown: Vec::new(),
        };
        let before = req.before.map(|b| b.0).unwrap_or_default();
        match req.kind.as_deref() {
            Some("input") => {
                // a run's fresh store: the defaults, the thread's
                // thread-scoped keys, then the input as the run's seed
                let defaults = g
                    .fields
                    .iter()
                    .filter_map(|f| f.default.clone().map(|d| (f.name.to_string(), d)));
                let seed = keys.persisted(defaults)?;
                store
                    .apply_seed(seed, UnknownKeyPolicy::Error)
                    .map_err(|e| keys.failure(e))?;
                let thread = keys.persisted(before)?;
                store
                    .restore_thread_scoped(thread, UnknownKeyPolicy::Skip)
                    .map_err(|e| keys.failure(e))?;
                let input = req.input.map(|i| i.0).unwrap_or_default();
                // apply_seed reads the seed from a HashMap, so which of
                // several unknown keys it names is left to chance; the
                // first as written is named here, as the harness names it
                // (the store refuses the seed either way)
                if let Some((k, _)) = input.iter().find(|(k, _)| !g.by_name.contains_key(k)) {
                    return Err(keys.failure(StateError::UnknownKey { key: k.clone() }));
                }
                let input = keys.persisted(input)?;
                store
                    .apply_seed(input, UnknownKeyPolicy::Error)
                    .map_err(|e| keys.failure(e))?;
            }
            Some("step") => {
                let state = keys.persisted(before)?;
                store
                    .restore_persisted(state, UnknownKeyPolicy::Error)
                    .map_err(|e| keys.failure(e))?;
                let mut commands = Vec::new();
                for o in req.outputs.unwrap_or_default() {
                    let mut cmd = StateCommand::new();
                    for (k, v) in writes_of(&o)? {
                        keys.add(&mut cmd.patch, &k, v)?;
                    }
                    commands.push(cmd);
                }
                let merged = store
                    .merge_all_commands(commands)
                    .map_err(|e| keys.failure(e))?;
                store.commit(merged.patch).map_err(|e| keys.failure(e))?;
            }
            Some("tool") => {
                let state = keys.persisted(before)?;
                store
                    .restore_persisted(state, UnknownKeyPolicy::Error)
                    .map_err(|e| keys.failure(e))?;
                let mut cmd = StateCommand::new();
                for (k, v) in req.writes.unwrap_or_default() {
                    keys.add(&mut cmd.patch, &k, v)?;
                }
                store.commit(cmd.patch).map_err(|e| keys.failure(e))?;
            }
            other => {
                return Err(Failure::new(
                    "RUNTIME_ERROR",
                    format!("unknown commit kind {other:?}"),
                ));
            }
        }
        if let Some(e) = APPLY_ERROR.with(|e| e.borrow_mut().take()) {
            return Err(Failure {
                code: e.code,
                message: e.message,
                field: Some(e.field),
            });
        }
        let exported = store.export_persisted().map_err(|e| keys.failure(e))?;
        let mut values = Map::new();
        for (key, v) in exported.extensions {
            values.insert(keys.name(&key), v);
        }
        // the store's revision, from 0: whether Awaken counted the commit
        // (the harness keeps its own; tests compare the two)
        Ok(
            json!({ "nextId": req.next_id.unwrap_or(0), "values": values, "revision": store.revision() }),
        )
    }
}

/// user_keys are the key types of the user's crate, once.
fn user_keys() -> &'static [UserKey] {
    static KEYS: std::sync::OnceLock<Vec<UserKey>> = std::sync::OnceLock::new();
    KEYS.get_or_init(user::keys)
}

/// own_store is a fresh store with the user's plugin installed.
fn own_store() -> Result<StateStore, Failure> {
    let store = StateStore::new();
    store.install_plugin(user::plugin()).map_err(|e| {
        Failure::new(
            "RUNTIME_ERROR",
            format!("the crate's plugin does not install: {e}"),
        )
    })?;
    Ok(store)
}

/// own_failure is a store's refusal on the user's keys, which are named by
/// their KEY.
fn own_failure(err: StateError) -> Failure {
    let (code, field) = match &err {
        StateError::ParallelMergeConflict { key } => ("EXCLUSIVE_MERGE_CONFLICT", Some(key.clone())),
        StateError::UnknownKey { key } => ("UNKNOWN_KEY", Some(key.clone())),
        StateError::KeyDecode { key, .. } => ("RUNTIME_ERROR", Some(key.clone())),
        _ => ("RUNTIME_ERROR", None),
    };
    Failure {
        code,
        message: err.to_string(),
        field,
    }
}

/// writes_of reads a node's return as its command's writes, in order: an
/// object, null (nothing), or a command whose update is an object or a
/// list of [key, value] pairs.
fn writes_of(o: &NodeOutput) -> Result<Vec<(String, Value)>, Failure> {
    let Some(raw) = &o.output else {
        return Ok(Vec::new());
    };
    let bad =
        |e: serde_json::Error| Failure::new("RUNTIME_ERROR", format!("node {:?}: {e}", o.node));
    if !raw.get().trim_start().starts_with('{') {
        let v: Value = parse(raw.get()).map_err(bad)?;
        if v.is_null() {
            return Ok(Vec::new());
        }
        return Err(Failure::new(
            "INVALID_GRAPH_NODE_RETURN_VALUE",
            format!(
                "Expected node {:?} to return an object or null, received {}",
                o.node,
                type_name(&v)
            ),
        ));
    }
    if !o.command {
        return Ok(parse::<Ordered>(raw.get()).map_err(bad)?.0);
    }
    #[derive(serde::Deserialize)]
    struct Command {
        update: Option<Box<RawValue>>,
    }
    let cmd: Command = parse(raw.get()).map_err(bad)?;
    let Some(update) = cmd.update else {
        return Ok(Vec::new());
    };
    if update.get().trim_start().starts_with('{') {
        return Ok(parse::<Ordered>(update.get()).map_err(bad)?.0);
    }
    let mut out = Vec::new();
    if let Value::Array(pairs) = parse(update.get()).map_err(bad)? {
        for p in pairs {
            match p {
                Value::Array(kv) if kv.len() == 2 && kv[0].is_string() => {
                    let mut kv = kv.into_iter();
                    let k = kv
                        .next()
                        .and_then(|k| k.as_str().map(String::from))
                        .unwrap_or_default();
                    out.push((k, kv.next().unwrap_or(Value::Null)));
                }
                // a list that is not all pairs writes nothing
                _ => return Ok(Vec::new()),
            }
        }
    }
    Ok(out)
}

/// parse reads JSON as deep as the harness lets values be (1,000 levels,
/// docs/reference.md, Values), past serde_json's default limit of 128.
fn parse<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, serde_json::Error> {
    let mut d = serde_json::Deserializer::from_str(s);
    d.disable_recursion_limit();
    let v = T::deserialize(&mut d)?;
    d.end()?;
    Ok(v)
}

fn answer(out: &mut impl Write, id: Option<u64>, res: Result<Value, Failure>) {
    let mut v = match res {
        Ok(v) => v,
        Err(f) => {
            let mut e = json!({ "code": f.code, "message": f.message });
            if let Some(field) = f.field {
                e["field"] = json!(field);
            }
            json!({ "error": e })
        }
    };
    if let Some(id) = id {
        v["id"] = json!(id);
    }
    let _ = writeln!(out, "{v}");
    let _ = out.flush();
}

fn main() {
    // deep values recurse: a stack for 1,000 levels and more
    let run = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(serve);
    if run.map(|t| t.join()).is_err() {
        std::process::exit(1);
    }
}

fn serve() {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let rustc = option_env!("SCENARIO_RUSTC").unwrap_or("unknown");
    let _ = writeln!(
        out,
        "{}",
        json!({ "ready": { "awaken-runtime": AWAKEN_RUNTIME, "rustc": rustc } })
    );
    let _ = out.flush();
    let mut bridge = Bridge {
        graphs: HashMap::new(),
        next: 0,
    };
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let req: Request = match parse::<Request>(&line) {
            Ok(r) => r,
            Err(e) => {
                let id = parse::<Value>(&line).ok().and_then(|v| v["id"].as_u64());
                let _ = writeln!(
                    out,
                    "{}",
                    json!({ "id": id, "fatal": format!("cannot read the request: {e}") })
                );
                let _ = out.flush();
                continue;
            }
        };
        let id = Some(req.id);
        let res = match req.op.as_str() {
            "open" => match req.spec {
                Some(spec) => bridge.open(spec),
                None => Err(Failure::new("RUNTIME_ERROR", "open without a spec")),
            },
            "commit" => {
                APPLY_ERROR.with(|e| e.borrow_mut().take());
                bridge.commit(req)
            }
            "close" => {
                if let Some(g) = req.graph {
                    bridge.graphs.remove(&g);
                }
                Ok(json!({}))
            }
            other => {
                // what the program cannot do is fatal, as the protocol says
                let _ = writeln!(
                    out,
                    "{}",
                    json!({ "id": id, "fatal": format!("unknown op {other:?}") })
                );
                let _ = out.flush();
                continue;
            }
        };
        answer(&mut out, id, res);
    }
}
