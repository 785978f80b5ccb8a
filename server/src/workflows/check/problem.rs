//! What a workflow check reports: one [`Problem`] per thing ComfyUI's validation would refuse,
//! with a message naming the node and input.

use std::fmt;

/// One thing wrong with a workflow. `node` is the workflow's node id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The workflow is not an object of nodes with `class_type` and `inputs`.
    Malformed {
        node: String,
        message: String,
    },
    UnknownNode {
        node: String,
        class_type: String,
    },
    MissingInput {
        node: String,
        class_type: String,
        input: String,
    },
    UnknownInput {
        node: String,
        class_type: String,
        input: String,
    },
    /// A link to a node id the workflow does not have.
    MissingSource {
        node: String,
        input: String,
        source: String,
    },
    /// A link to an output slot the source node does not have.
    BadSlot {
        node: String,
        input: String,
        source: String,
        slot: u64,
        outputs: usize,
    },
    /// The linked output's type does not fit the input.
    TypeMismatch {
        node: String,
        input: String,
        expected: String,
        found: String,
    },
    /// A literal of the wrong kind (text for a number, …) or not among a combo's choices.
    BadValue {
        node: String,
        input: String,
        expected: String,
        found: String,
    },
    NoOutputNode,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed { node, message } => write!(f, "node {node}: {message}"),
            Self::UnknownNode { node, class_type } => {
                write!(
                    f,
                    "node {node}: unknown node type {class_type} (not installed?)"
                )
            }
            Self::MissingInput {
                node,
                class_type,
                input,
            } => {
                write!(
                    f,
                    "node {node} ({class_type}): required input {input} is missing"
                )
            }
            Self::UnknownInput {
                node,
                class_type,
                input,
            } => {
                write!(f, "node {node} ({class_type}): no input named {input}")
            }
            Self::MissingSource {
                node,
                input,
                source,
            } => {
                write!(
                    f,
                    "node {node}: input {input} links to node {source}, which is not in the workflow"
                )
            }
            Self::BadSlot {
                node,
                input,
                source,
                slot,
                outputs,
            } => write!(
                f,
                "node {node}: input {input} links to output {slot} of node {source}, which has {outputs} output(s)"
            ),
            Self::TypeMismatch {
                node,
                input,
                expected,
                found,
            } => {
                write!(
                    f,
                    "node {node}: input {input} takes {expected} but is linked to a {found} output"
                )
            }
            Self::BadValue {
                node,
                input,
                expected,
                found,
            } => {
                write!(
                    f,
                    "node {node}: input {input} takes {expected}, got {found}"
                )
            }
            Self::NoOutputNode => write!(
                f,
                "the workflow has no output node (nothing would be saved)"
            ),
        }
    }
}
