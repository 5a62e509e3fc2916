import { PageLoader } from '../../components/PageLoader';
import './shell-frame.css';

/**
 * The signed-in shell as it looks before its code and data arrive: the bar in the partner's colour, the side
 * column on large screens, a loader where the page goes. Plain, so it is pre-rendered into the built HTML and drawn
 * while the shell's chunk (and MUI with it) loads.
 */
export function ShellFrame() {
  return (
    <div className="shell-frame">
      <header className="shell-frame__bar" />
      <div className="shell-frame__body">
        <div className="shell-frame__side" />
        <main className="shell-frame__main">
          <PageLoader />
        </main>
      </div>
    </div>
  );
}
