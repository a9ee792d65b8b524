import { useEffect, useId, useMemo, useState } from 'react';
import { TITLE_HINT_MAX_CHARS, type TitleHint } from '../../../../shared/ipc/settings';
import { projectDetail, projectNames, projectOf } from '../../stores/projects';
import { useSessions } from '../../stores/sessions';
import { loadTitleHints, saveTitleHint } from './actions';

/** This machine's projects (a repository or a folder, as the sidebar groups them), with their names. */
function useLocalProjects(): Array<{ key: string; name: string }> {
  const byId = useSessions((s) => s.byId);
  return useMemo(() => {
    const keys = [...new Set(Object.values(byId).filter((r) => !r.host).map((r) => projectOf(r)))].sort();
    const names = projectNames(keys);
    return keys.map((key) => ({ key, name: names.get(key) ?? key }));
  }, [byId]);
}

/**
 * Settings → General → "Title hints" (SPEC §7.1): per project, a `textbox` "Title hint" ("use ticket ids
 * like ABC-123") that this project's title prompts carry as data. Saved with its button or Enter; an empty
 * hint clears it; a hint too long is refused by main, said in an alert.
 */
export function TitleHintSettings() {
  const projects = useLocalProjects();
  const [hints, setHints] = useState<TitleHint[] | null>(null);
  const [project, setProject] = useState<string | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const hintId = useId();
  const problemId = useId();

  useEffect(() => {
    let live = true;
    void loadTitleHints().then((r) => {
      if (!live) return;
      if (r.ok) setHints(r.value);
      else setProblem(r.error.message);
    });
    return () => {
      live = false;
    };
  }, []);

  const chosen = project ?? projects[0]?.key ?? null;
  const stored = hints?.find((h) => h.project === chosen)?.hint ?? '';
  const shown = draft ?? stored;

  const save = async (): Promise<void> => {
    if (chosen === null) return;
    setSaved(false);
    const r = await saveTitleHint(chosen, shown);
    if (!r.ok) {
      setProblem(r.error.message);
      return;
    }
    setProblem(null);
    setHints(r.value);
    setDraft(null);
    setSaved(true);
  };

  return (
    <fieldset className="field-group" aria-describedby={hintId}>
      <legend>Title hints</legend>
      <p id={hintId} className="settings-hint">
        How titles in a project should look, for example “use ticket ids like ABC-123”. At most {TITLE_HINT_MAX_CHARS} characters.
      </p>
      {chosen === null ? (
        <p className="settings-hint">A project appears here once it has a session.</p>
      ) : (
        <>
          <label className="field">
            <span>Project</span>
            <select
              value={chosen}
              onChange={(e) => {
                setProject(e.currentTarget.value);
                setDraft(null);
                setProblem(null);
                setSaved(false);
              }}
            >
              {projects.map((p) => (
                <option key={p.key} value={p.key} title={projectDetail(p.key)}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Title hint</span>
            <input
              type="text"
              value={shown}
              disabled={hints === null}
              aria-invalid={problem !== null}
              aria-describedby={problem ? problemId : undefined}
              onChange={(e) => {
                setSaved(false);
                setDraft(e.currentTarget.value);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void save();
              }}
            />
          </label>
          <div className="form-actions">
            <button type="button" className="button" disabled={hints === null} onClick={() => void save()}>
              Save title hint
            </button>
          </div>
        </>
      )}
      {problem ? (
        <p id={problemId} role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      {saved ? (
        <span role="status" className="settings-saved">
          Saved.
        </span>
      ) : null}
    </fieldset>
  );
}
