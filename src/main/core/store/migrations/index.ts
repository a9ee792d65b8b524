import { migration001 } from './001_initial';
import { migration002 } from './002_import_files';
import { migration003 } from './003_session_options';
import { migration004 } from './004_usage';
import { migration005 } from './005_session_worktree';
import { migration006 } from './006_fts_queue_by_repo';
import { migration007 } from './007_fts_longer_prefixes';
import { migration008 } from './008_session_acp_agent';
import { migration009 } from './009_usage_acp';
import { migration010 } from './010_session_acp_choices';
import { migration011 } from './011_ambient_retry';
import { migration012 } from './012_sessions_by_time';
import { migration013 } from './013_session_exit';
import { migration014 } from './014_stemmed_search';
import { migration015 } from './015_title_source_agent';
import { migration016 } from './016_review_comments';
import { migration017 } from './017_session_activity';
import type { Migration } from './types';

export type { Migration } from './types';

/** Every schema change in order. Append only: never edit a shipped migration. */
export const MIGRATIONS: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008, migration009, migration010, migration011, migration012, migration013, migration014, migration015, migration016, migration017];

export const LATEST_VERSION = MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);
