/**
 * The model talking to the reader instead of producing the text: refusals, apologies,
 * offers, preambles ("Sure! Here's a title"), meta-talk about the conversation ("The user
 * wants...", "Conversation about..."), and leftovers of a reply format (JSON, tags).
 *
 * Every phrase is matched on whole words in `matchForm` (case and typographic apostrophes
 * normalised). Phrases a real title could contain ("based on the user locale", "cannot
 * determine encoding") are either tied to what was asked for or only matched where a
 * sentence begins, and bare interjections ("Sure", "Sorry") only when punctuation follows,
 * so "Sorry page shows 500 on logout" and "Export this conversation as markdown" survive.
 */
import { COMPACTION_SUMMARY_PREFIX } from '../compaction';
import type { AmbientKind } from './limits';
import { anyInterjection, anySentenceOpener, anyWholePhrase, matchForm } from './text';

/** First-person refusals, apologies and offers: specific enough to match anywhere. */
const REFUSALS = anyWholePhrase([
  'as an ai', 'as a language model', 'as an ai language model', 'as an ai assistant', "i'm an ai",
  'i am an ai', "i'm just an ai", "i'm sorry", 'i am sorry', 'im sorry', 'i apologize', 'i apologise',
  'my apologies', 'i cannot', "i can't", 'i can not', 'i cant', "i'm unable", 'i am unable', "i'm not able",
  'i am not able', "i won't be able", 'i will not be able', "i'm afraid", 'i am afraid', "i don't have",
  'i do not have', "i don't know", 'i do not know', "i don't see", 'i do not see', "i don't understand",
  'i do not understand', "i'm not sure", 'i am not sure', 'i would need', "i'd need", 'i need to see',
  'i need more', "i'd suggest", 'i would suggest', 'i suggest', "i'd recommend", 'i would recommend',
  "i'd be happy to", 'i would be happy to', "i'd be glad to", "i'm happy to help", 'happy to help',
  'glad to help', 'hope this helps', 'i hope this helps', 'if you would like', "if you'd like",
  'if you want me', 'would you like me', 'do you want me', 'without knowing',
  'without more context', 'without more information', 'without additional context',
  'not enough context', 'not enough information', 'insufficient context', 'insufficient information',
  'how can i assist', 'how may i help', 'how may i assist', 'what can i help', 'what would you like me',
  'is there anything else', 'anything else i can', 'as you requested', 'i would title', "i'd title",
  'i would call', "i'd call", 'i would name', "i'd name", 'based on the conversation',
  'based on this conversation', 'based on the provided', 'based on the transcript', 'based on the excerpt',
  'based on the above', 'based on the information provided', 'this session is being continued',
  'conversation that ran out of context', 'caveat: the messages below',
  'summary of the earlier conversation', 'this conversation is about', 'the conversation is about',
  'this conversation was about', 'the conversation was about', 'this session is about',
  'this chat is about', 'title generation failed',
]);

/** A failure to produce what was asked: "Unable to generate a title", "couldn't determine a
 *  name". Tied to the thing asked for, since "Prisma cannot generate client" is a real title. */
const FAILED_TO_PRODUCE = anyWholePhrase(
  [
    "(?:unable to|cannot|can't|can not|could not|couldn't|failed to|not able to|error) " +
      '(?:generat(?:e|ing)|creat(?:e|ing)|determin(?:e|ing)|provid(?:e|ing)|come up with|suggest(?:ing)?|find) ' +
      '(?:(?:a|an|the|any)\\s+)?(?:(?:appropriate|suitable|meaningful|good|proper|concise|short|clear|specific)\\s+)?' +
      '(?:title|name|summary|suggestion|next prompt|narration|preview|note)',
  ],
  true,
);

/** Asking the reader for something. A user may say these to the agent ("Let me know if the
 *  tests pass"), so a next-prompt suggestion may hold them; nothing else may. */
const ASKING_THE_READER = anyWholePhrase([
  'let me know if', 'let me know what', 'let me know how', 'feel free to', 'please provide', 'please share',
  'please clarify', 'could you provide', 'could you clarify', 'can you provide', 'can you clarify',
]);

/** "How can I help?" ends every pick-up note by design (SPEC §9.5); elsewhere it is an offer. */
const OFFER_OF_HELP = anyWholePhrase(['how can i help', 'how can i help you', 'how may i help you']);

/** Meta-talk a real title could contain mid-sentence, so only matched where a sentence starts. */
const OPENERS = anySentenceOpener([
  'here is', "here's", 'here are', 'it seems', 'it looks like', 'it appears', 'it sounds like',
  'it is unclear', "it's unclear", 'as requested', 'the title is:', 'the title would be', 'the title could be',
  'a possible title', 'a suggested title', 'suggested title:', 'possible title:', 'based on the context', 'based on the information', 'based on the messages',
  'based on the user', 'based on your', 'based on the session', 'based on the discussion',
  'based on the chat', 'the user is asking', 'the user is requesting', 'the user is looking',
  'the user is trying', 'the user is seeking', 'the user is interested', 'the user is greeting',
  'the user is working on', 'the user has asked', 'the user has requested', 'the user has provided',
  'the user has shared', 'the user has not', "the user hasn't", 'the user wants', 'the user wanted',
  'the user asks', 'the user asked', 'the user requests', 'the user requested', 'the user seems',
  'the user said', 'the user says', 'the user mentioned', 'the user greeted', 'the user sent',
  'the user shared', 'the user provided', 'the user started a', 'the user would like',
  "the user's request", "the user's question", "the user's message", 'user is asking', 'user wants',
  'user asked', 'user asks', 'you asked', 'you want', "you're asking", 'you are asking', "you've asked",
  'your request', 'your question', 'conversation about', 'conversation regarding', 'conversation on',
  'a conversation about', 'discussion about', 'discussion of', 'discussion on', 'a discussion about',
  'chat about', 'a chat about', 'session about', 'summary of the conversation', 'summary of this conversation',
  'summary of the session', 'summary of the chat', 'summary of the discussion', 'in this conversation',
  'in this session', 'in this chat', 'this conversation covers', 'this conversation focuses',
  'this conversation discusses', 'the conversation covers', 'the conversation focuses',
  'the conversation discusses', 'to summarize', 'to summarise', 'in summary', 'answer:',
]);

/** Interjections that open a reply to a person. Only with punctuation after them. */
const INTERJECTIONS = anyInterjection([
  'sure', 'sure thing', 'certainly', 'of course', 'absolutely', 'sorry', 'apologies', 'unfortunately',
  'hello', 'hi', 'hi there', 'hey', 'greetings', 'happy to help', 'gladly', 'great question',
  'good question',
]);

/** Acknowledgements a user might also start a next prompt with ("OK, run the tests"), so
 *  they only count as the model talking in the other kinds. */
const ACKNOWLEDGEMENTS = anyInterjection([
  'okay', 'ok', 'alright', 'all right', 'got it', 'understood', 'great', 'thanks', 'thank you', 'noted',
  'done', 'yes', 'no', 'no problem',
]);

/** Whether the text is the model talking to the reader rather than the requested text. */
export function isModelTalk(text: string, kind: AmbientKind): boolean {
  const form = matchForm(text);
  if (REFUSALS.test(form) || FAILED_TO_PRODUCE.test(form) || OPENERS.test(form) || INTERJECTIONS.test(form)) {
    return true;
  }
  if (kind !== 'nextPrompt' && (ACKNOWLEDGEMENTS.test(form) || ASKING_THE_READER.test(form))) return true;
  return kind !== 'note' && OFFER_OF_HELP.test(form);
}

/** Closing tags of markup a model leaked (`</think>`, `</title>`), or a thinking block. */
const MARKUP_CLOSE = /<\/[a-z][\w:-]*\s*>|<think(?:ing)?>/iu;
/** A JSON object or array holding a key: `{"title": "Fix login"}`. */
const JSON_LIKE = /^\s*[[{][\s\S]*"[^"]*"\s*:[\s\S]*[\]}]\s*$/u;
/** A reply-format keyword inside the answer text ("ANSWER: x ANSWER: y"). */
const FORMAT_KEYWORD = /(?<![\p{L}\p{N}])ANSWER\s*:/u;

/** Leftovers of a reply format or markup: never a title, a name or a sentence. */
export function isFormatLeftover(text: string): boolean {
  const t = text.trim();
  return (
    t.startsWith('```') ||
    t.startsWith(COMPACTION_SUMMARY_PREFIX) ||
    MARKUP_CLOSE.test(t) ||
    JSON_LIKE.test(t) ||
    FORMAT_KEYWORD.test(t)
  );
}
