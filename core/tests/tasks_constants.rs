//! Fixture vectors of the task calls' numbers and the metered tools' minutes (fixtures/tasks/*.json).

use crate::common;

use aivg_core::tasks::{self, MinuteTool};
use common::{Outcome, arg, err, num, ok};
use serde_json::Value;

fn run(func: &str, args: &[Value]) -> Outcome {
    match func {
        "taskConstants" => ok(tasks::task_constants()),
        "queuePositionLabel" => ok(tasks::queue_position_label(arg(args, 0)?)),
        "minuteTool" => ok(tasks::minute_tool(&arg::<String>(args, 0)?)),
        "minuteUse" => {
            let tool: String = arg(args, 1)?;
            let tool = MinuteTool::from_name(&tool)
                .ok_or_else(|| ("unknown_tool".to_owned(), tool.clone()))?;
            ok(tasks::minute_use(
                &arg::<String>(args, 0)?,
                tool,
                arg(args, 2)?,
            ))
        }
        "checkMinutes" => {
            tasks::check_minutes(
                &arg::<String>(args, 0)?,
                &arg::<String>(args, 1)?,
                arg(args, 2)?,
                arg(args, 3)?,
            )
            .map_err(err)?;
            Ok(Value::Null)
        }
        "taskSeconds" => ok(tasks::task_seconds(num(args, 0)?).map_err(err)?),
        "monthWindow" => ok(tasks::month_window(arg(args, 0)?)),
        "minutesUsedUpCode" => ok(tasks::CODE_MINUTES_USED_UP),
        other => Err(("no_dispatch".to_owned(), other.to_owned())),
    }
}

fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    Some(run(func, args))
}

#[test]
fn task_fixtures() {
    assert!(common::run_area("tasks", dispatch) > 0);
}
