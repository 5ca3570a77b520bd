// jstat 1.9.6 ships no types; only the part fairdeal uses is declared.
declare module 'jstat' {
  const jStat: {
    chisquare: {
      cdf(x: number, dof: number): number;
      inv(p: number, dof: number): number;
    };
  };
  export default jStat;
}
