#!/usr/bin/env python3
"""`make test`'s check of action.yml: runs the action's `run:` steps as GitHub's runner runs a
composite action's steps (each step's `env:` with the inputs substituted, `if:` on an earlier
step's outputs, GITHUB_OUTPUT, GITHUB_PATH, GITHUB_STEP_SUMMARY, RUNNER_TEMP, GITHUB_SERVER_URL),
with a local HTTP server standing in for GitHub's release downloads (it serves the .deb of
`make deb` as release v<version> of OWNER/cellheight). `uses:` steps (the build cache) are skipped.

Checks: the release .deb is installed from the "release" (no build) and put on PATH; `**` globs
and a list of files in a working directory; the annotations, the JUnit report and the step
summary; text in the inputs that a shell would run ($(...), backquotes, ;) does not run; a
version with no release falls back to building (installed=false)."""
import http.server
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSION = re.search(r'static let number = "(.*)"', open(os.path.join(ROOT, "Sources/CellHeightKit/Support/Version.swift")).read()).group(1)
REPOSITORY = "OWNER/cellheight"
TEMPORARY = []  # the runners' temporary folders, removed at the end


def fail(message):
    print(f"check-action: {message}", file=sys.stderr)
    sys.exit(1)


def substitute(text, inputs, outputs):
    """GitHub's ${{ }} expressions that action.yml uses, in env values (never in scripts)."""
    def value(match):
        expression = match.group(1).strip()
        if expression.startswith("inputs."):
            return inputs[expression[len("inputs."):]]
        if expression == "github.action_path":
            return ROOT
        step = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expression)
        if step:
            return outputs.get(step.group(1), {}).get(step.group(2), "")
        fail(f"the emulation does not know ${{{{ {expression} }}}}")
    return re.sub(r"\$\{\{(.*?)\}\}", value, text)


def condition_holds(condition, outputs):
    match = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+) (!=|==) '(.*)'", condition.strip())
    if not match:
        fail(f"the emulation does not know the condition {condition!r}")
    actual = outputs.get(match.group(1), {}).get(match.group(2), "")
    return (actual == match.group(4)) == (match.group(3) == "==")


def run_action(given, workspace, server_url, stop_before=None):
    """Runs the action's steps; returns (status of the last step run, outputs, summary, log, env)."""
    action = yaml.safe_load(open(os.path.join(ROOT, "action.yml")))
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    inputs.update(given)
    runner_temp = tempfile.mkdtemp(prefix="runner-temp-")
    TEMPORARY.append(runner_temp)
    files = {name: os.path.join(runner_temp, "_" + name) for name in ("output", "path", "summary")}
    for path in files.values():
        open(path, "w").close()
    # The runner's PATH, without any cellheight (it must come from the release).
    path = ":".join(d for d in os.environ["PATH"].split(":") if not os.path.exists(os.path.join(d, "cellheight")))
    outputs, log, status = {}, "", 0
    for step in action["runs"]["steps"]:
        if stop_before and step.get("id") == stop_before or stop_before and step.get("run", "").endswith(stop_before):
            break
        if "if" in step and not condition_holds(step["if"], outputs):
            continue
        if "uses" in step:
            continue
        extra_path = [line for line in open(files["path"]).read().splitlines() if line]
        env = {
            "PATH": ":".join(list(reversed(extra_path)) + [path]), "HOME": os.environ.get("HOME", "/root"),
            "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": workspace, "GITHUB_ACTION_PATH": ROOT,
            "GITHUB_ACTION_REPOSITORY": REPOSITORY, "GITHUB_ACTION_REF": f"v{VERSION}", "GITHUB_SERVER_URL": server_url,
            "GITHUB_REPOSITORY": "someone/app", "GITHUB_OUTPUT": files["output"], "GITHUB_PATH": files["path"],
            "GITHUB_STEP_SUMMARY": files["summary"], "RUNNER_TEMP": runner_temp, "RUNNER_OS": "Linux",
        }
        env.update({name: substitute(str(value), inputs, outputs) for name, value in step.get("env", {}).items()})
        open(files["output"], "w").close()
        result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", step["run"]], cwd=workspace, env=env,
                                capture_output=True, text=True)
        log += result.stdout + result.stderr
        outputs[step.get("id", "")] = dict(line.split("=", 1) for line in open(files["output"]).read().splitlines() if "=" in line)
        status = result.returncode
        if status != 0:
            break
    return status, outputs, open(files["summary"]).read(), log, runner_temp


def main():
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()
    deb = os.path.join(ROOT, ".build", f"cellheight_{VERSION}_{arch}.deb")
    if not os.path.exists(deb):
        fail(f"no {deb}: run make deb first")
    served = tempfile.mkdtemp(prefix="releases-")
    release = os.path.join(served, REPOSITORY, "releases", "download", f"v{VERSION}")
    os.makedirs(release)
    shutil.copy(deb, release)
    requests = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=served, **kwargs)

        def log_message(self, format, *args):
            requests.append(self.path)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server_url = f"http://127.0.0.1:{server.server_address[1]}"
    workspace = tempfile.mkdtemp(prefix="workspace-")
    try:
        shutil.copytree(os.path.join(ROOT, "fixtures/catalogs/app"), os.path.join(workspace, "app"))
        marks = [os.path.join(workspace, name) for name in ("INJECTED-1", "INJECTED-2", "INJECTED-3")]
        given = {
            "files": "app/res/**/strings.xml",
            "rules": "app/rules.yaml",
            # One argument per line; the last line is a replacement whose text a shell would run.
            "args": f"--size\n14\n--replace\nZZZ=$(touch {marks[0]})`touch {marks[1]}`; touch {marks[2]}",
        }
        status, outputs, summary, log, temp = run_action(given, workspace, server_url)
        if status != 1:
            fail(f"the action exited {status}, expected 1 (rows over budget):\n{log}")
        if [r for r in requests if r.endswith(".deb")] != [f"/{REPOSITORY}/releases/download/v{VERSION}/cellheight_{VERSION}_{arch}.deb"]:
            fail(f"the release .deb was not downloaded once: {requests}")
        if outputs.get("release", {}).get("installed") != "true" or outputs.get("check", {}).get("exit-code") != "1":
            fail(f"the steps' outputs: {outputs}")
        if "Build cellheight from source" in log or "Compiling" in log:
            fail("the action built from source though the release exists")
        if any(os.path.exists(mark) for mark in marks):
            fail("text from the args input ran")
        annotations = [line for line in log.splitlines() if line.startswith("::error file=app/res/values-")]
        if len(annotations) != 4:
            fail(f"expected 4 annotations over app/res/**/strings.xml:\n{log}")
        if "**4 of 39 rows over budget** (4 files)." not in summary or summary.count("\n| `app/res/values-") != 4:
            fail(f"the step summary:\n{summary}")
        junit = open(os.path.join(workspace, "cellheight-junit.xml")).read()
        if junit.count("<failure") != 4:
            fail("the JUnit report does not hold the 4 failures")

        # working-directory, a list of files (one per line, one with a space-separated pair), the
        # injection in files and rules: no file of that name, exit 66, nothing run.
        given = {
            "working-directory": "app",
            "files": f"res/values-de/strings.xml\nres/values/strings.xml res/values-ja/strings.xml\n$(touch {marks[0]})",
            "rules": f"rules.yaml; touch {marks[1]}",
            "junit-file": "out/junit.xml",
        }
        status, outputs, summary, log, _ = run_action(given, workspace, server_url)
        if any(os.path.exists(mark) for mark in marks):
            fail("text from the files or rules input ran")
        if status != 66 or "cannot read rules.yaml; touch" not in log:
            fail(f"expected exit 66 for the rules file's name as given:\n{log}")
        if "**The check could not run (exit 66):**" not in summary:
            fail(f"the step summary of a failed check:\n{summary}")
        given["rules"] = "rules.yaml"
        given["files"] = "res/values-de/strings.xml\nres/values/strings.xml res/values-ja/strings.xml"
        status, outputs, summary, log, _ = run_action(given, workspace, server_url)
        annotations = [line for line in log.splitlines() if line.startswith("::error file=res/values-")]
        if status != 1 or len(annotations) != 3 or not os.path.exists(os.path.join(workspace, "app/out/junit.xml")):
            fail(f"working-directory and a list of files: exit {status}, {len(annotations)} annotations:\n{log}")

        # A version with no release: installed=false, so that the cache and build steps run.
        status, outputs, _, log, _ = run_action({"files": "x", "version": "9.9.9"}, workspace, server_url, stop_before="build")
        if status != 0 or outputs.get("release", {}).get("installed") != "false" or "building from source" not in log:
            fail(f"a missing release: exit {status}, outputs {outputs}:\n{log}")
    finally:
        server.shutdown()
        shutil.rmtree(served, ignore_errors=True)
        shutil.rmtree(workspace, ignore_errors=True)
        for folder in TEMPORARY:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"check-action: release v{VERSION} .deb installed, ** and lists of files, working-directory, summary, no injection ok")


if __name__ == "__main__":
    main()
