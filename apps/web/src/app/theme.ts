import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
  }
}

/** The light theme of spec §1. Roboto arrives after first paint (see load-fonts.ts). */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#3e8a41', contrastText: '#ffffff' },
    secondary: { main: '#d5d800' },
    accent: { main: '#393945', contrastText: '#ffffff' },
    error: { main: '#FF5252' },
    info: { main: '#2196F3' },
    success: { main: '#4CAF50' },
    warning: { main: '#FFC107' },
    background: { default: '#f5f7f5' },
  },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Helvetica, Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 500 },
  },
  shape: { borderRadius: 8 },
});
