//! The functions f that servers compute: the built-in scalar functions, and
//! `FunctionKind`, the configuration's choice among them, LeNet-5 (which
//! lives in `lenet`, behind the same `Computation` trait) and a formula
//! (parsed in `formula`).
//!
//! The trait is in `computation`, so this list can build LeNet-5 without
//! LeNet-5 depending back on the list.

use crate::computation::{Computation, Inputs};
#[cfg(feature = "formulas")]
use crate::formula::read::Parsed;
use crate::formula::Formula;
use crate::lenet::LeNetFunction;
use crate::limits::DEGREE_RANGE;
use crate::portable::sin;
use crate::rng::Rng;
use nalgebra::DMatrix;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// The configuration's f: a built-in function by its JSON name, or your own
/// formula in x. Not `Copy`: a formula holds its text.
///
/// The one place that owns the wire form ([`FunctionKind::to_json`],
/// [`FunctionKind::from_json`]; serde's impls call them): a built-in is its
/// name, `"x_sin_x"`; a formula is `{"expr": "sin(3*x) + x^2"}`, with
/// `"degree": D` when the configuration declares it a polynomial of degree D.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum FunctionKind {
    /// f₁(x) = x·sin(x), the probabilistic-regime paper's test function.
    #[default]
    XSinX,
    /// f(x) = x³ − 2x, a degree-3 polynomial: LCC is exact with 3(K−1)+1 answers.
    Cubic,
    /// f(x) = |x|, continuous but not differentiable at 0.
    Abs,
    /// LeNet-5 on 28×28 digits: d = 784, m = 10 logits (crate::lenet).
    Lenet5,
    /// Your own scalar function (crate::formula): not a polynomial for LCC
    /// unless it declares a degree.
    Formula(Formula),
}

/// What the formula choice is called where a name is needed (the app's
/// list of functions and its link, `fn=formula`); its JSON is the object.
pub const FORMULA_NAME: &str = "formula";

/// The longest formula a plot's title shows (the rest is "…").
const TITLE_CHARS: usize = 48;

impl FunctionKind {
    /// The built-in functions, in the order a UI lists them (the formula
    /// choice comes after them).
    pub const ALL: [FunctionKind; 4] = [
        FunctionKind::XSinX,
        FunctionKind::Cubic,
        FunctionKind::Abs,
        FunctionKind::Lenet5,
    ];

    /// The built-in scalar functions R → R (every one but LeNet-5).
    pub const SCALARS: [FunctionKind; 3] =
        [FunctionKind::XSinX, FunctionKind::Cubic, FunctionKind::Abs];

    /// The name in JSON, URLs and CSV; [`FORMULA_NAME`] for a formula.
    pub fn name(&self) -> &'static str {
        match self {
            FunctionKind::XSinX => "x_sin_x",
            FunctionKind::Cubic => "cubic",
            FunctionKind::Abs => "abs",
            FunctionKind::Lenet5 => "lenet5",
            FunctionKind::Formula(_) => FORMULA_NAME,
        }
    }

    /// The built-in function of that name.
    pub fn parse(name: &str) -> Option<FunctionKind> {
        FunctionKind::ALL.into_iter().find(|f| f.name() == name)
    }

    /// What a UI calls it.
    pub fn label(&self) -> &'static str {
        match self {
            FunctionKind::XSinX => "x · sin x",
            FunctionKind::Cubic => "x³ − 2x (polynomial)",
            FunctionKind::Abs => "|x| (not smooth)",
            FunctionKind::Lenet5 => "LeNet-5 on digits",
            FunctionKind::Formula(_) => "your own formula in x",
        }
    }

    /// How plot titles and their summaries name it: a built-in in words
    /// ("x·sin x", not its wire name), a formula by its text
    /// ("f(x) = sin(3*x) + x^2", shortened).
    pub fn title(&self) -> String {
        match self {
            FunctionKind::Formula(f) => {
                let t = f.text().trim();
                let short: String = t.chars().take(TITLE_CHARS).collect();
                if short.len() < t.len() {
                    format!("f(x) = {short}…")
                } else {
                    format!("f(x) = {t}")
                }
            }
            FunctionKind::XSinX => "x·sin x".into(),
            FunctionKind::Cubic => "x³ − 2x".into(),
            FunctionKind::Abs => "|x|".into(),
            FunctionKind::Lenet5 => "LeNet-5".into(),
        }
    }

    /// The formula, when f is one.
    pub fn formula(&self) -> Option<&Formula> {
        match self {
            FunctionKind::Formula(f) => Some(f),
            _ => None,
        }
    }

    /// Whether outputs are class scores (accuracy columns apply).
    pub fn is_classifier(&self) -> bool {
        *self == FunctionKind::Lenet5
    }

    /// The function, ready to evaluate (a formula is checked and parsed
    /// once here). LeNet-5 can fail (its compiled-in weights are verified
    /// against their checksum on first use), and a formula that does not
    /// read, or any formula without the feature `formulas` (the page).
    pub fn build(&self) -> Result<Box<dyn Computation>, String> {
        let scalar = |f| Ok(Box::new(Scalar(f)) as Box<dyn Computation>);
        match self {
            FunctionKind::Lenet5 => Ok(Box::new(LeNetFunction::new()?)),
            FunctionKind::XSinX => scalar(ScalarFn::XSinX),
            FunctionKind::Cubic => scalar(ScalarFn::Cubic),
            FunctionKind::Abs => scalar(ScalarFn::Abs),
            #[cfg(feature = "formulas")]
            FunctionKind::Formula(f) => {
                let parsed = f.parsed().map_err(|e| e.to_string())?;
                scalar(ScalarFn::Formula(Box::new(parsed), f.degree()))
            }
            #[cfg(not(feature = "formulas"))]
            FunctionKind::Formula(_) => {
                Err("this build reads no formulas (the worker computes them)".into())
            }
        }
    }

    /// The allowed values, as configuration errors list them.
    pub fn allowed() -> String {
        let names: Vec<String> = FunctionKind::ALL
            .iter()
            .map(|f| format!("\"{}\"", f.name()))
            .collect();
        format!(
            "one of {}, or {{\"expr\": \"a formula in x\"}} (with \"degree\": {DEGREE_RANGE} if it is a polynomial)",
            names.join(", ")
        )
    }

    /// The JSON form: the name, or `{"expr": …}` (and `"degree"`).
    pub fn to_json(&self) -> Value {
        match self {
            FunctionKind::Formula(f) => {
                let mut o = serde_json::Map::new();
                o.insert("expr".into(), Value::String(f.text().to_string()));
                if let Some(d) = f.degree() {
                    o.insert("degree".into(), Value::from(d));
                }
                Value::Object(o)
            }
            other => Value::String(other.name().to_string()),
        }
    }

    /// Reads the JSON form; the error says what is wrong in words (the
    /// caller names the field). The same reading as serde's (its visitor).
    pub fn from_json(v: &Value) -> Result<FunctionKind, String> {
        match v {
            Value::String(_) | Value::Object(_) => {
                FunctionKind::deserialize(v).map_err(|e| e.to_string())
            }
            // serde's words for these name its types.
            other => Err(format!(
                "got {}; expected {}",
                crate::json::describe(other),
                FunctionKind::allowed()
            )),
        }
    }
}

impl Serialize for FunctionKind {
    /// [`FunctionKind::to_json`]'s form, written directly: through a
    /// `Value` it would bring serde_json's tree and map into the page's
    /// wasm, which sends a configuration with every request (a test checks
    /// that both give the same JSON).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            FunctionKind::Formula(f) => {
                let mut m = s.serialize_map(Some(1 + usize::from(f.degree().is_some())))?;
                // The keys in the order of `to_json`'s (sorted) map.
                if let Some(d) = f.degree() {
                    m.serialize_entry("degree", &d)?;
                }
                m.serialize_entry("expr", f.text())?;
                m.end()
            }
            other => s.serialize_str(other.name()),
        }
    }
}

impl<'de> Deserialize<'de> for FunctionKind {
    /// A name or `{"expr": …, "degree": …}`, read by a visitor rather than
    /// through a `Value` (which would bring serde_json's tree into the
    /// page's wasm: the page reads functions in the worker's messages).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(FunctionVisitor)
    }
}

struct FunctionVisitor;

impl<'de> serde::de::Visitor<'de> for FunctionVisitor {
    type Value = FunctionKind;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&FunctionKind::allowed())
    }

    fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<FunctionKind, E> {
        FunctionKind::parse(name).ok_or_else(|| {
            let expected = format!("expected {}", FunctionKind::allowed());
            E::custom(if name == FORMULA_NAME {
                format!("a formula is written {{\"expr\": \"…\"}}; {expected}")
            } else {
                format!("got \"{name}\"; {expected}")
            })
        })
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<FunctionKind, A::Error> {
        use serde::de::Error;
        let (mut text, mut degree) = (None::<String>, None::<u64>);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "expr" => {
                    text = Some(map.next_value().map_err(|_| {
                        A::Error::custom("\"expr\" must be a string (the formula in x)")
                    })?)
                }
                "degree" => {
                    let bad = |d: &dyn std::fmt::Display| {
                        A::Error::custom(format!(
                            "\"degree\" is {d}; expected a whole number from {DEGREE_RANGE} (or no \"degree\": not a polynomial)"
                        ))
                    };
                    degree = map
                        .next_value::<Option<u64>>()
                        .map_err(|_| bad(&"not a whole number"))?;
                    if let Some(d) = degree.filter(|d| !DEGREE_RANGE.contains(*d)) {
                        return Err(bad(&d));
                    }
                }
                k => {
                    return Err(A::Error::custom(format!(
                        "unknown key \"{k}\" in a formula (its keys: \"expr\", \"degree\")"
                    )))
                }
            }
        }
        let text = text.ok_or_else(|| {
            A::Error::custom(format!(
                "a formula needs \"expr\"; expected {}",
                FunctionKind::allowed()
            ))
        })?;
        let f = Formula::new(&text).map_err(A::Error::custom)?;
        Ok(FunctionKind::Formula(
            f.with_degree(degree.map(|d| d as usize)),
        ))
    }
}

/// A scalar function R → R. Inputs are drawn uniformly from [−3, 3]: wide
/// enough that x·sin x and |x| show their shape, and the same for all of
/// them (formulas included) so results are comparable.
struct Scalar(ScalarFn);

enum ScalarFn {
    XSinX,
    Cubic,
    Abs,
    /// A parsed formula (boxed: its slab is large) and its declared degree.
    #[cfg(feature = "formulas")]
    Formula(Box<Parsed>, Option<usize>),
}

pub const SCALAR_INPUT_RANGE: (f64, f64) = (-3.0, 3.0);

impl Scalar {
    fn apply(&self, x: f64) -> f64 {
        match &self.0 {
            ScalarFn::XSinX => x * sin(x),
            ScalarFn::Cubic => x * x * x - 2.0 * x,
            ScalarFn::Abs => x.abs(),
            #[cfg(feature = "formulas")]
            ScalarFn::Formula(f, _) => f.eval(x),
        }
    }
}

impl Computation for Scalar {
    fn input_dim(&self) -> usize {
        1
    }
    fn output_dim(&self) -> usize {
        1
    }
    fn eval_batch(&self, inputs: &DMatrix<f64>) -> DMatrix<f64> {
        inputs.map(|x| self.apply(x))
    }
    fn polynomial_degree(&self) -> Option<usize> {
        match &self.0 {
            ScalarFn::Cubic => Some(3),
            #[cfg(feature = "formulas")]
            ScalarFn::Formula(_, degree) => *degree,
            _ => None,
        }
    }
    fn sample_inputs(&self, k: usize, rng: &mut Rng) -> Inputs {
        let (lo, hi) = SCALAR_INPUT_RANGE;
        Inputs {
            x: DMatrix::from_fn(k, 1, |_, _| rng.uniform_in(lo, hi)),
            labels: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalar_functions_evaluate_rowwise() {
        let x = DMatrix::from_column_slice(3, 1, &[-2.0, 0.0, 1.5]);
        let y = FunctionKind::XSinX.build().unwrap().eval_batch(&x);
        assert!((y[(0, 0)] - (-2.0f64 * (-2.0f64).sin())).abs() < 1e-15);
        assert_eq!(
            FunctionKind::Abs.build().unwrap().eval_batch(&x)[(0, 0)],
            2.0
        );
        assert_eq!(
            FunctionKind::Cubic.build().unwrap().polynomial_degree(),
            Some(3)
        );
        assert_eq!(FunctionKind::Abs.build().unwrap().polynomial_degree(), None);
    }

    fn formula(text: &str) -> FunctionKind {
        FunctionKind::Formula(Formula::new(text).unwrap())
    }

    #[test]
    #[cfg(feature = "formulas")]
    fn a_formula_is_a_scalar_function_of_its_text() {
        let x = DMatrix::from_column_slice(4, 1, &[-2.5, -0.5, 0.75, 3.0]);
        let f = formula("sin(3*x) + x^2").build().unwrap();
        assert_eq!((f.input_dim(), f.output_dim()), (1, 1));
        let y = f.eval_batch(&x);
        for (x, y) in x.iter().zip(y.iter()) {
            assert!((y - ((3.0 * x).sin() + x * x)).abs() < 1e-14, "{x}: {y}");
        }
        assert_eq!(f.polynomial_degree(), None, "not a polynomial unless told");
        let cubic = FunctionKind::Formula(Formula::new("x^3 - 2*x").unwrap().with_degree(Some(3)));
        assert_eq!(cubic.build().unwrap().polynomial_degree(), Some(3));
        // The same inputs as the built-ins: [−3, 3], by the seed.
        let a = f.sample_inputs(10, &mut Rng::new(4)).x;
        let b = FunctionKind::XSinX
            .build()
            .unwrap()
            .sample_inputs(10, &mut Rng::new(4))
            .x;
        assert_eq!(a, b);
    }

    #[test]
    fn the_wire_form_is_a_name_or_an_object() {
        let cases = [
            (FunctionKind::Cubic, r#""cubic""#),
            (formula("sin(3*x) + x^2"), r#"{"expr":"sin(3*x) + x^2"}"#),
            (
                FunctionKind::Formula(Formula::new("x^2").unwrap().with_degree(Some(2))),
                r#"{"degree":2,"expr":"x^2"}"#,
            ),
        ];
        for (f, json) in cases {
            assert_eq!(serde_json::to_string(&f).unwrap(), json);
            assert_eq!(serde_json::to_string(&f.to_json()).unwrap(), json);
            assert_eq!(serde_json::from_str::<FunctionKind>(json).unwrap(), f);
        }
        // Any text survives a JSON round trip exactly.
        for text in [
            "x && 1",
            "100%2 + x",
            "max(x,1)",
            "x + 0*1 ",
            "x − 1",
            "min(x,\t2)",
        ] {
            let f = formula(text);
            let back: FunctionKind =
                serde_json::from_str(&serde_json::to_string(&f).unwrap()).unwrap();
            assert_eq!(back.formula().unwrap().text(), text);
        }
        for (json, words) in [
            (r#""formula""#, "is written"),
            (r#""sin""#, "expected one of"),
            (r#"{"expr": 3}"#, "must be a string"),
            (r#"{"exp": "x"}"#, "unknown key"),
            (r#"{"expr": "x", "degree": 65}"#, "from 0 to 64"),
            (r#"{"expr": "x", "degree": -1}"#, "from 0 to 64"),
            (r#"{}"#, "needs"),
            ("7", "expected one of"),
        ] {
            let v: Value = serde_json::from_str(json).unwrap();
            let e = FunctionKind::from_json(&v).unwrap_err();
            assert!(e.contains(words), "{json}: {e}");
        }
    }

    #[test]
    fn titles_show_a_formula_not_a_name() {
        assert_eq!(FunctionKind::XSinX.title(), "x·sin x");
        assert_eq!(FunctionKind::Lenet5.title(), "LeNet-5");
        assert_eq!(formula("sin(3*x) + x^2").title(), "f(x) = sin(3*x) + x^2");
        let long = formula(&format!("x{}", " + x".repeat(30)));
        assert!(long.title().ends_with('…') && long.title().chars().count() < 60);
    }

    #[test]
    fn inputs_in_range_and_seeded() {
        let f = FunctionKind::XSinX.build().unwrap();
        let a = f.sample_inputs(10, &mut Rng::new(4)).x;
        let b = f.sample_inputs(10, &mut Rng::new(4)).x;
        assert_eq!(a, b);
        assert!(a.iter().all(|v| (-3.0..3.0).contains(v)));
    }
}
