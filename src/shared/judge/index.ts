export {
  type AmbientKind,
  AMBIENT_KINDS,
  type Limits,
  DEFAULT_TITLE_WORD_TARGET,
  STORED_TITLE_LIMITS,
  NAME_LIMITS,
  PREVIEW_LIMITS,
  NARRATION_LIMITS,
  NOTE_LIMITS,
  NEXT_PROMPT_LIMITS,
  titleLimits,
  limitsFor,
} from './limits';
export { type RejectReason, REJECT_REASONS, type Judged, type JudgedAs, rejectMessage } from './reasons';
export { type ParsedReply, type Sanitized, parseReply, sanitizeAnswer } from './reply';
export { isAbsence, isAbsenceNote, isWrappedNote } from './absence';
export { isDefaultName, isGenericName } from './default-name';
export { isErrorText, isToolMarkup, isToolMeta } from './tool-text';
export { isModelTalk, isFormatLeftover } from './model-talk';
export { isQuestion, isRisky } from './next-prompt';
export { hasControlCharacter, withoutControlCharacters } from './text';
export {
  type Verdict,
  type JudgeOptions,
  acceptLine,
  acceptNextPrompt,
  judgeReply,
  type Author,
  isUsableTitle,
  isUsableUserTitle,
  isPersonTitle,
  isUsableTitleFrom,
  judgeUserTitle,
  judgeAgentTitle,
} from './judge';
