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
import { SEARCH_TYPE_AHEAD_RESULTS, TIMINGS } from '@portal/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermissions, useSessionSnapshot } from '../../session/useSession';
import { SearchStatusLine } from './SearchStatusLine';
import { type TypeAheadChoice, typeAheadChoices } from './type-ahead-choices';
import { useTypedSearch } from './useSearch';

/**
 * The toolbar's type-ahead (spec 2.3): 5 results once 3 or more characters have been typed and have settled for a
 * second, then 'View all results...'. The list hides 200 ms after the box loses focus, so a click on it still lands.
 *
 * The list only ever holds the current term's results: from the first keystroke of a new term it says it is
 * searching and offers nothing but the search page of that term, so neither a click nor Enter can open a result of
 * the term before. Arrow keys move through the list, Enter opens the highlighted choice (or the search page),
 * Escape closes it.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const held = usePermissions() ?? [];
  const { roles } = useSessionSnapshot();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  // The highlighted choice by key, not position: results arriving under it do not move the highlight to another.
  const [activeKey, setActiveKey] = useState<string | undefined>();
  const anchor = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = useId();
  const search = useTypedSearch(typed, { top: SEARCH_TYPE_AHEAD_RESULTS });
  const choices = typeAheadChoices(search, held, roles);
  const active = choices.findIndex((choice) => choice.key === activeKey);
  const showList = open && search.status !== 'idle';

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  function choose(choice: TypeAheadChoice) {
    if (choice.kind === 'retry') {
      search.status === 'failed' && search.retry();
      return;
    }
    setOpen(false);
    setTyped('');
    setActiveKey(undefined);
    navigate(choice.to);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (choices.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = active < 0 && step < 0 ? choices.length - 1 : (active + step + choices.length) % choices.length;
      setActiveKey(choices[next]?.key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Nothing highlighted: the search page of the typed term.
      const choice = (showList ? choices[active] : undefined) ?? choices.find(({ kind }) => kind === 'view-all');
      if (choice) choose(choice);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  return (
    <Box ref={anchor} sx={{ position: 'relative', width: { md: 280, lg: 360 } }}>
      <InputBase
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setActiveKey(undefined);
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
          'aria-busy': search.status === 'searching',
          'aria-activedescendant': showList && active >= 0 ? `${listId}-${active}` : undefined,
        }}
        startAdornment={
          <InputAdornment position="start" sx={{ color: 'inherit' }}>
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
        endAdornment={search.status === 'searching' ? <CircularProgress size={16} color="inherit" aria-hidden /> : null}
        sx={(theme) => ({
          color: 'inherit',
          px: 1.5,
          py: 0.25,
          borderRadius: 1,
          // Darker than the bar, never lighter: the white text keeps at least the bar's own contrast, whatever the
          // partner's colour.
          bgcolor: alpha(theme.palette.common.black, 0.18),
          '&:hover': { bgcolor: alpha(theme.palette.common.black, 0.24) },
          '&.Mui-focused': { bgcolor: alpha(theme.palette.common.black, 0.3) },
        })}
      />
      <Popper open={showList} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: 'modal' }}>
        <Paper elevation={6} sx={{ width: anchor.current?.clientWidth, mt: 0.5 }}>
          <SearchStatusLine search={search} />
          <List id={listId} role="listbox" aria-label="Search results" dense sx={{ pt: 0 }}>
            {choices.map((choice, index) => (
              <ListItemButton
                key={choice.key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(choice)}
                divider={choice.kind === 'result' && choices[index + 1]?.kind !== 'result'}
              >
                <ListItemText
                  primary={choice.primary}
                  secondary={choice.secondary}
                  slotProps={{
                    primary:
                      choice.kind === 'result'
                        ? { noWrap: true, title: choice.primary }
                        : { color: 'primary', sx: { fontWeight: 600 } },
                    secondary: { noWrap: true },
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
