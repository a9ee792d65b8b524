import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';
import { folderSuggestions } from '../../usecases/folderSuggestions';

/** The Folder field's suggestions on this machine (a remote host's come from that host, through the federation). */
export const sessionsFolderSuggestions: Handler<'sessions:folderSuggestions', SessionsContext> = (input) => ({ folders: folderSuggestions(input.folder) });
