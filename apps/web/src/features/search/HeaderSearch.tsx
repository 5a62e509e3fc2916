import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { alpha } from '@mui/material/styles';
import {
  SEARCH_MIN_CHARS,
  SEARCH_RESULT_TYPE_TITLES,
  SEARCH_TYPE_AHEAD_RESULTS,
  type SearchResult,
  searchResultPath,
  TIMINGS,
} from '@portal/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermissions, useSessionSnapshot } from '../../app/session/useSession';
import { useDebouncedValue, useSearchResults } from './useSearch';

export const VIEW_ALL_RESULTS = 'View all results...';

interface Choice {
  key: string;
  primary: string;
  secondary?: string;
  to: string;
}

function searchPagePath(term: string): string {
  return `/search?${new URLSearchParams({ searchTerm: term.trim() })}`;
}

/**
 * The toolbar's type-ahead (spec 2.3): 5 results once 3 or more characters have been typed and have settled for a
 * second, then 'View all results...'. The list hides 200 ms after the box loses focus, so a click on it still lands.
 * Arrow keys move through the list, Enter opens the highlighted choice (or the search page), Escape closes it.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const held = usePermissions() ?? [];
  const { roles } = useSessionSnapshot();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const anchor = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = useId();
  const settledTerm = useDebouncedValue(term);
  const searchable = settledTerm.trim().length >= SEARCH_MIN_CHARS;
  const { data, isFetching } = useSearchResults(settledTerm, { top: SEARCH_TYPE_AHEAD_RESULTS });
  const results = data ?? [];

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const choices: Choice[] = searchable
    ? [
        ...results.flatMap((result: SearchResult): Choice[] => {
          const path = searchResultPath(result, held, roles);
          return path === undefined
            ? []
            : [
                {
                  key: `${result.type}-${result.id}`,
                  primary: result.name,
                  secondary: SEARCH_RESULT_TYPE_TITLES[result.type],
                  to: `/${path}`,
                },
              ];
        }),
        { key: 'view-all', primary: VIEW_ALL_RESULTS, to: searchPagePath(settledTerm) },
      ]
    : [];
  // The list opens with the first answer; until then the spinner in the box shows the search is under way.
  const showList = open && searchable && data !== undefined && term.trim().length >= SEARCH_MIN_CHARS;

  function choose(choice: Choice) {
    setOpen(false);
    setTerm('');
    navigate(choice.to);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (choices.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current < 0 && step < 0 ? choices.length - 1 : (current + step + choices.length) % choices.length,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const choice = showList ? choices[active] : undefined;
      if (choice) choose(choice);
      else if (term.trim().length >= SEARCH_MIN_CHARS) choose({ key: 'page', primary: '', to: searchPagePath(term) });
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  return (
    <Box ref={anchor} sx={{ position: 'relative', width: { md: 280, lg: 360 } }}>
      <InputBase
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          hideTimer.current = setTimeout(() => setOpen(false), TIMINGS.searchResultsHideDelayMs);
        }}
        onKeyDown={onKeyDown}
        placeholder="Search…"
        fullWidth
        inputProps={{
          role: 'combobox',
          'aria-label': 'Search',
          'aria-expanded': showList,
          'aria-controls': listId,
          'aria-autocomplete': 'list',
          'aria-activedescendant': showList && active >= 0 ? `${listId}-${active}` : undefined,
        }}
        startAdornment={
          <InputAdornment position="start" sx={{ color: 'inherit' }}>
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
        endAdornment={
          isFetching && searchable ? <CircularProgress size={16} color="inherit" aria-label="Searching" /> : null
        }
        sx={(theme) => ({
          color: 'inherit',
          px: 1.5,
          py: 0.25,
          borderRadius: 1,
          bgcolor: alpha(theme.palette.common.white, 0.15),
          '&:hover': { bgcolor: alpha(theme.palette.common.white, 0.22) },
          '&.Mui-focused': { bgcolor: alpha(theme.palette.common.white, 0.25) },
        })}
      />
      <Popper open={showList} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: 'modal' }}>
        <Paper elevation={6} sx={{ width: anchor.current?.clientWidth, mt: 0.5 }}>
          <List id={listId} role="listbox" aria-label="Search results" dense>
            {choices.map((choice, index) => (
              <ListItemButton
                key={choice.key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(choice)}
                divider={choice.key === 'view-all' ? false : index === choices.length - 2}
              >
                <ListItemText
                  primary={choice.primary}
                  secondary={choice.secondary}
                  slotProps={{
                    primary:
                      choice.key === 'view-all' ? { color: 'primary', sx: { fontWeight: 600 } } : { noWrap: true },
                  }}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      </Popper>
    </Box>
  );
}
