<cfsilent>
<!--- TechEmpower Fortunes as a CFML developer writes it: the page bench/seeds.ts checks, byte for byte. --->
<cfquery name="fortunes">SELECT id, message FROM fortune</cfquery>
<cfset queryAddRow(fortunes, {id: 0, message: "Additional fortune added at request time."})>
<cfset querySort(fortunes, "message", "asc")>
<cfsavecontent variable="rows"><cfoutput query="fortunes"><tr><td>#id#</td><td>#replace(replace(replace(replace(replace(message, "&", "&amp;", "all"), "<", "&lt;", "all"), ">", "&gt;", "all"), '"', "&quot;", "all"), "'", "&##39;", "all")#</td></tr></cfoutput></cfsavecontent>
</cfsilent><cfoutput><!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>#rows#</table></body></html>
</cfoutput>